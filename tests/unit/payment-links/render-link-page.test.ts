import { describe, expect, it } from "vitest";
import type { PaymentLink } from "@/lib/db/generated/client";
import { renderLinkPage, type LinkPageInput } from "@/lib/payment-links/page/render-link-page";

const LINK = {
  id: "plink_1",
  slug: "robe-wax-k3x9",
  title: "Robe wax",
  description: null,
  amount: 15000n,
  currency: "XOF",
  countries: ["SN"],
  collectName: "required",
  collectPhone: "optional",
  collectEmail: "off",
  customFieldLabel: null,
  customFieldRequired: false,
  imageSha256: null,
  imageType: null,
  imageWidth: null,
  imageHeight: null,
  expiresAt: null,
} as unknown as PaymentLink;

function page(overrides: Partial<LinkPageInput> = {}) {
  return renderLinkPage({
    link: LINK,
    merchantName: "Boutique Awa",
    branding: null,
    countries: [{ code: "SN", phonePrefix: "+221", nationalNumberLength: 9 } as LinkPageInput["countries"][number]],
    locale: "fr",
    nonce: "n",
    origin: "https://pay.example",
    formToken: "tok",
    closed: null,
    bounds: null,
    sandbox: true,
    ...overrides,
  });
}

describe("a payment link's page: the merchant's support contact, as on the checkout", () => {
  const support = { phone: "+221338001122", email: "aide@boutique.sn" };
  const branding = { accentColor: "#0B5FFF", logo: null, support };

  it("under the form and under a closed link (whose text points to it); nothing when the merchant gave none", () => {
    const open = page({ branding });
    expect(open).toContain(`<aside class="contact" aria-labelledby="contact-title" data-testid="merchant-contact">`);
    expect(open).toContain(`<a href="tel:+221338001122">+221338001122</a>`);
    expect(open).toContain("Contactez Boutique Awa :");
    expect(open.indexOf("merchant-contact")).toBeGreaterThan(open.indexOf("</main>"));
    const closed = page({ branding, closed: "expired", locale: "en" });
    expect(closed).toContain("it takes no more payments. To pay another way or get a new link, contact the merchant (details below).");
    expect(closed).toContain(`href="mailto:aide@boutique.sn"`);

    const none = page({ closed: "deactivated", locale: "en" });
    expect(none).not.toContain("merchant-contact");
    expect(none).not.toMatch(/contact the merchant|Ask the merchant/i);
  });
});
