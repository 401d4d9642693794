import { describe, expect, it } from "vitest";
import { capText, maskJson, maskText, storedBody, storedQuery } from "@/lib/request-log/mask-body";

/** The request log's masking rules (lib/request-log/mask-body.ts), one behaviour each. */
describe("maskText", () => {
  it("masks phones written any way, keeps dates, decimals and ids", () => {
    expect(maskText("call +221 77 123 45 67 or 771234567.")).toBe("call +221•••••••67 or 771••••67.");
    expect(maskText("on 2024-05-01 for 1234567.89, txn_01hx12345678901")).toBe("on 2024-05-01 for 1234567.89, txn_01hx12345678901");
  });

  it("masks inline secrets, bearer tokens and e-mails", () => {
    expect(maskText("key sk_live_abcdefghijklmnop1234 hook whsec_QUJDREVGR0hJSktMTU5PUA== auth Bearer eyJhbGciOi.x.y mail Fatou.Ba@shop.sn")).toBe(
      "key sk_live_…1234 hook whsec_…UA== auth Bearer •••• mail F•••@shop.sn",
    );
  });
});

describe("maskJson", () => {
  it("masks by field name; amounts, codes and references stay", () => {
    expect(
      maskJson({
        amount: 123456789,
        fee: "12345678",
        code: "validation_error",
        externalReference: "order-42",
        password: "correct horse battery staple",
        pin: "1234",
        token: "short",
        credentials: { user: "x", pass: "y" },
        recipient: { name: "Awa Diop", phone: "+221770000012" },
        provider: { name: "Orange Money" },
        iban: "FR14 2004 1010 0505 0001 3M02 606",
      }),
    ).toEqual({
      amount: 123456789,
      fee: "12345678",
      code: "validation_error",
      externalReference: "order-42",
      password: "••••",
      pin: "••••",
      token: "••••",
      credentials: "••••",
      recipient: { name: "A••• D•••", phone: "+221•••••••12" },
      provider: { name: "Orange Money" },
      iban: "••••••••••••2606",
    });
  });

  it("walks a bounded number of values: a huge array is summarised", () => {
    const masked = maskJson({ items: Array.from({ length: 5000 }, (_, i) => ({ phone: `+2217700${String(i).padStart(5, "0")}` })) }) as { items: unknown[] };
    expect(masked.items.length).toBeLessThan(1100);
    expect(masked.items.at(-1)).toMatch(/^… \d+ more$/);
  });
});

describe("stored forms", () => {
  it("a query string is masked per parameter", () => {
    expect(storedQuery("?status=failed&customerPhone=%2B221770000012&startDate=2024-01-01")).toBe("status=failed&customerPhone=%2B221•••••••12&startDate=2024-01-01");
    expect(storedQuery("")).toBeNull();
  });

  it("cuts at 8 KB without splitting a character", () => {
    const cut = capText("é".repeat(5000));
    expect(cut).toMatch(/^é+… \[cut: 10000 bytes in all\]$/);
    expect(Buffer.byteLength(cut.split("…")[0])).toBeLessThanOrEqual(8192);
    expect(storedBody(undefined)).toBeNull();
  });
});
