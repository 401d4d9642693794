import { describe, expect, it } from "vitest";
import { INTERNATIONAL_EXAMPLES } from "@/app/docs/international-examples";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { frenchBank, initiate, intlRecipient, quote, quoteBody, recipient, sender } from "../../helpers/payouts";

/**
 * International payouts without trial and error (issue 32): the quote lists what initiate will
 * require for it (`requirements`), and initiate reports every missing field in one 400.
 */
async function funded() {
  const m = await createTestMerchant();
  await fund(m.merchant.id, "XOF", 5_000_000n, "collect");
  return m;
}

/** SN → CI by mobile money: cross-border inside the XOF zone, so international. */
const snToCi = () => quoteBody({ amount: 20_000, destinationCountry: "CI", method: "orange" });
const snToFrBank = () => quoteBody({ amount: 100_000, destinationCountry: "FR", method: "bank_transfer" });

describe("POST /payouts/quote says what initiate will require", () => {
  it("a domestic mobile-money quote requires the recipient's phone only", async () => {
    const m = await funded();
    const q = await quote(m.headers, quoteBody());
    expect(q.status).toBe(200);
    expect(q.json.requirements).toEqual({ international: false, fields: ["recipient.phone"] });
  });

  it("an international mobile-money quote (SN → CI) lists purpose, sender and recipient names", async () => {
    const m = await funded();
    const q = await quote(m.headers, snToCi());
    expect(q.status, q.text).toBe(200);
    expect(q.json.requirements.international).toBe(true);
    expect(q.json.requirements.fields).toEqual(
      expect.arrayContaining(["purpose", "sender.firstName", "sender.identity.number", "recipient.phone", "recipient.firstName", "recipient.lastName", "recipient.nationality"]),
    );
    expect(q.json.requirements.fields).not.toContain("bankAccount.accountNumber");
  });

  it("an international bank quote lists the SWIFT fields", async () => {
    const m = await funded();
    const q = await quote(m.headers, snToFrBank());
    expect(q.status, q.text).toBe(200);
    expect(q.json.requirements.fields).toEqual(expect.arrayContaining(["bankAccount.accountNumber", "bankAccount.swiftBic", "bankAccount.bankName", "bankAccount.bankBranch", "bankAccount.bankAddress"]));
    expect(q.json.requirements.fields).not.toContain("recipient.phone");
  });

  it("a b2b quote requires the sender's company", async () => {
    const m = await funded();
    const q = await quote(m.headers, quoteBody({ type: "b2b" }));
    expect(q.json.requirements.fields).toEqual(expect.arrayContaining(["sender.firstName", "sender.company.name"]));
  });
});

describe("POST /payouts/initiate reports every missing field at once", () => {
  it("SN → CI with only a phone: one 400 naming purpose, sender and the recipient's names (code purpose_missing kept)", async () => {
    const m = await funded();
    const q = await quote(m.headers, snToCi());
    const res = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient("+2250700000012") });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("purpose_missing");
    const paths = res.json.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["purpose", "sender", "recipient.firstName", "recipient.lastName", "recipient.nationality"]));
  });

  it("b2b without company and an international without purpose: every problem in one answer", async () => {
    const m = await funded();
    const q = await quote(m.headers, snToFrBank());
    const res = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: intlRecipient({ lastName: undefined }), bankAccount: frenchBank({ bankBranch: undefined }) });
    expect(res.status).toBe(400);
    const paths = res.json.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["purpose", "sender", "recipient.lastName", "bankAccount.bankBranch"]));
  });

  it("the fields the quote lists are enough: SN → CI succeeds with exactly them", async () => {
    const m = await funded();
    const q = await quote(m.headers, snToCi());
    const res = await initiate(m.headers, {
      quoteId: q.json.quoteId,
      purpose: "family_support",
      sender: sender(),
      recipient: { phone: "+2250700000012", firstName: "Aya", lastName: "Kouassi", nationality: "CI" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.international).toMatchObject({ destinationCountry: "CI", purpose: "FAMILY_SUPPORT" });
  });
});

describe("the worked international examples of /docs/quotes", () => {
  const has = (body: unknown, path: string) => path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), body) !== undefined;

  it.each(INTERNATIONAL_EXAMPLES.map((e) => [e.title, e] as const))("%s: the body carries every field the quote requires, and initiate answers 201", async (_title, example) => {
    const m = await funded();
    const q = await quote(m.headers, example.quote);
    expect(q.status, q.text).toBe(200);
    expect(q.json.requirements.international).toBe(true);
    expect(q.json.requirements.fields.filter((f: string) => !has(example.initiate, f))).toEqual([]);
    const res = await initiate(m.headers, { quoteId: q.json.quoteId, ...example.initiate });
    expect(res.status, res.text).toBe(201);
    expect(res.json.status).toBe("pending");
  });
});
