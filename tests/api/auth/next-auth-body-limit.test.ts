import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/auth/[...nextauth]/route";
import { endlessBody } from "../../helpers/endless-body";

/** next-auth reads a form whole: its route reads the body first, under the cap, as it streams in. */
describe("POST /api/auth/callback/credentials with an oversized form", () => {
  it("is refused with 413 in the API's error body, after reading no more than the cap", async () => {
    const { stream, state } = endlessBody(100 * 1024 * 1024, "a");
    const request = new NextRequest("http://localhost:3000/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const res = await POST(request, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
    expect(res.status).toBe(413);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await res.json()).toMatchObject({ statusCode: 413, error: "Payload Too Large", code: "payload_too_large" });
    expect(state.pulled).toBeLessThanOrEqual(256 * 1024);
  });
});
