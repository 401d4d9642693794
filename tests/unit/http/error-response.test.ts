import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, ERROR_CODES } from "@/lib/errors";
import { toErrorBody } from "@/lib/http/error-response";
import { ERROR_STATUS, REASON_PHRASES } from "@/lib/http/error-status";

describe("error mapping", () => {
  it("has a status and a reason phrase for every code", () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(REASON_PHRASES[ERROR_STATUS[code]]).toBeTruthy();
    }
  });

  it("shapes an AppError as the spec's body plus code, details, requestId", () => {
    const body = toErrorBody(new AppError("invalid_amount", "Amount must be at least 100 XOF.", { details: [{ path: "amount", message: "too small" }] }), "req_1");
    expect(body).toEqual({
      statusCode: 400,
      message: "Amount must be at least 100 XOF.",
      error: "Bad Request",
      code: "invalid_amount",
      details: [{ path: "amount", message: "too small" }],
      requestId: "req_1",
    });
  });

  it("keeps extra top-level fields (INSUFFICIENT_BALANCE) without letting them override the basics", () => {
    const body = toErrorBody(new AppError("INSUFFICIENT_BALANCE", "short", { extra: { balanceCategory: "collect", statusCode: 999 } }), "r");
    expect(body).toMatchObject({ statusCode: 400, code: "INSUFFICIENT_BALANCE", balanceCategory: "collect" });
  });

  it("turns zod errors into field details", () => {
    const result = z.object({ amount: z.number() }).safeParse({ amount: "x" });
    const body = toErrorBody(result.error, "r");
    expect(body.statusCode).toBe(400);
    expect(body.details?.[0].path).toBe("amount");
  });

  it("never leaks an unknown error's message", () => {
    const body = toErrorBody(new Error('relation "merchants" does not exist at /srv/app.ts:1'), "req_9");
    expect(body).toEqual({
      statusCode: 500,
      message: expect.not.stringContaining("merchants"),
      error: "Internal Server Error",
      code: "internal_error",
      requestId: "req_9",
    });
  });
});
