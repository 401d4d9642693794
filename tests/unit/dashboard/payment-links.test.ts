import { beforeAll, describe, expect, it } from "vitest";
import { createDashboardPaymentLink, deactivateDashboardPaymentLink, getDashboardPaymentLink, listDashboardPaymentLinks, paymentLinkFormOptions } from "@/lib/dashboard/payment-links";
import { getPrisma } from "@/lib/db/client";
import { pngImage } from "../../helpers/images";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

/**
 * The dashboard's payment-link screens over lib/payment-links: the create form becomes the API's
 * body (typed amounts, the member's time zone, a picture), refusals land on their field with what
 * was typed, and another merchant's link is not found.
 */
beforeAll(() => ensureReferenceData());

const form = (fields: Record<string, string>, extra: Partial<Parameters<typeof createDashboardPaymentLink>[1]> = {}) => ({
  fields,
  countries: [],
  methods: [],
  image: null,
  timeZone: "Africa/Lagos",
  ...extra,
});

describe("createDashboardPaymentLink", () => {
  it("makes the link the form describes: typed amount, questions, thanks, expiry in the member's zone, picture", async () => {
    const { scope } = await signedUpMerchant();
    const options = await paymentLinkFormOptions(scope);
    expect(options.currencies).toContain("XOF");
    expect(options.defaultCountry).toBe("SN");
    const result = await createDashboardPaymentLink(
      scope,
      form(
        { title: "Thiéboudienne", amount: "2 500", currency: "XOF", collectName: "required", collectPhone: "optional", collectEmail: "off", customFieldLabel: "Table", customFieldRequired: "on", successMessage: "Bon appétit !", expiresAt: "2099-12-24T18:00", maxPayments: "30" },
        { methods: ["orange", "wave"], image: new Blob([new Uint8Array(pngImage(10, 10))]) },
      ),
      "fr",
    );
    expect(result.ok).toBe(true);
    const id = result.ok ? result.data.id : "";
    const link = await (await getPrisma()).paymentLink.findUniqueOrThrow({ where: { id } });
    expect(link).toMatchObject({ amount: 2500n, currency: "XOF", countries: ["SN"], methods: ["orange", "wave"], collectName: "required", collectPhone: "optional", customFieldLabel: "Table", customFieldRequired: true, successMessage: "Bon appétit !", maxPayments: 30, imageType: "image/png" });
    expect(link.expiresAt?.toISOString()).toBe("2099-12-24T17:00:00.000Z");
    const audit = await (await getPrisma()).auditLog.findFirst({ where: { merchantId: scope.merchantId, action: "payment_link.created" } });
    expect(audit?.actor).toBe(`dashboard:${scope.email}`);
    expect((await listDashboardPaymentLinks(scope, {})).data.map((l) => l.id)).toEqual([id]);
  });

  it("puts each refusal on its field and gives back what was typed", async () => {
    const { scope } = await signedUpMerchant();
    const ambiguous = await createDashboardPaymentLink(scope, form({ title: "Robe", amount: "50.000", currency: "XOF" }), "en");
    expect(ambiguous).toMatchObject({ ok: false, fieldErrors: { amount: expect.stringContaining("ambiguous") }, values: { amount: "50.000", title: "Robe" } });
    const missing = await createDashboardPaymentLink(scope, form({ title: "Robe", amount: "", currency: "XOF" }), "fr");
    expect(missing).toMatchObject({ ok: false, fieldErrors: { amount: "Indiquez le montant, ou laissez le client le choisir." } });
    const tooMuch = await createDashboardPaymentLink(scope, form({ title: "Robe", amount: "99 000 000", currency: "XOF" }), "en");
    expect(tooMuch).toMatchObject({ ok: false, code: "invalid_amount", fieldErrors: { amount: expect.stringContaining("outside") } });
    const bigPicture = await createDashboardPaymentLink(scope, form({ title: "Robe", amount: "1000" }, { image: new Blob([new Uint8Array(pngImage(10, 10, [1, 2, 3], 210 * 1024))]) }), "en");
    expect(bigPicture).toMatchObject({ ok: false, fieldErrors: { image: "The picture is larger than 200 KB." } });
    const open = await createDashboardPaymentLink(scope, form({ title: "Don", amountType: "open", amount: "ignored", minAmount: "5000", maxAmount: "1000" }), "en");
    expect(open).toMatchObject({ ok: false, code: "invalid_amount", fieldErrors: { minAmount: expect.any(String) } });
    expect(await (await getPrisma()).paymentLink.count({ where: { merchantId: scope.merchantId } })).toBe(0);
  });
});

describe("another merchant's link", () => {
  it("is not found and cannot be deactivated", async () => {
    const [a, b] = [await signedUpMerchant(), await signedUpMerchant()];
    const created = await createDashboardPaymentLink(a.scope, form({ title: "A", amount: "1000" }), "en");
    const id = created.ok ? created.data.id : "";
    expect(await getDashboardPaymentLink(b.scope, id)).toBeNull();
    expect(await deactivateDashboardPaymentLink(b.scope, id)).toMatchObject({ ok: false, code: "not_found" });
    expect((await getDashboardPaymentLink(a.scope, id))?.link.status).toBe("active");
    expect(await deactivateDashboardPaymentLink(a.scope, id)).toMatchObject({ ok: true });
    expect((await getDashboardPaymentLink(a.scope, id))?.link.status).toBe("deactivated");
  });
});
