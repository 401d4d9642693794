import { beforeAll, describe, expect, it } from "vitest";
import { GET as logoRoute } from "@/app/branding/[merchantId]/[file]/route";
import { GET as pageRoute } from "@/app/checkout/[token]/route";
import { getBrandingSettings, saveBranding } from "@/lib/dashboard/branding";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { getPrisma } from "@/lib/db/client";
import { MAX_LOGO_BYTES } from "@/lib/branding";
import { jpegHeader, jpegWithMetadata, pngImage, pngWithMetadata, SVG_LOGO, webpHeader, webpWithMetadata } from "../../helpers/images";
import { createTestMerchant } from "../../helpers/merchants";
import { initiatePayment, uniqueRef } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * Checkout branding on a real database: what the settings form accepts and refuses,
 * the audit row, the logo's URL (scoped to its merchant and its content hash) and the checkout
 * page showing name, logo and accent within its CSP.
 */
beforeAll(() => ensureReferenceData());

async function merchant(name = "Boutique Awa") {
  const m = await createTestMerchant({ name });
  const scope: DashboardScope = { userId: "usr_test", email: `owner@${m.merchant.id}.test`, merchantId: m.merchant.id, environment: "sandbox" };
  return { ...m, scope };
}

const file = (bytes: Uint8Array, name = "logo.png", type = "image/png") => new File([new Uint8Array(bytes)], name, { type });
const valid: { displayName: string; accentColor: string; logo: Blob | null; removeLogo: boolean } = { displayName: "Chez Awa", accentColor: "#0B5FFF", logo: null, removeLogo: false };
const brandingRow = async (merchantId: string) => (await getPrisma()).merchantBranding.findUnique({ where: { merchantId } });
const auditRows = async (merchantId: string) => (await getPrisma()).auditLog.findMany({ where: { merchantId, action: "branding.updated" }, orderBy: { createdAt: "asc" } });

async function getLogo(path: string, headers: Record<string, string> = {}) {
  const [, , merchantId, name] = path.split("/");
  const response = await logoRoute(new Request(`http://localhost:3000${path}`, { headers }), { params: Promise.resolve({ merchantId, file: name }) });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("saving the branding", () => {
  it("stores name, colour and logo with its type, size and hash, and writes one audit row", async () => {
    const m = await merchant();
    const png = pngImage(160, 48);
    const saved = await saveBranding(m.scope, { ...valid, accentColor: "#0b5fff", logo: file(png) });
    expect(saved).toMatchObject({ ok: true, data: { displayName: "Chez Awa", accentColor: "#0B5FFF", logo: { width: 160, height: 48 } } });
    const row = await brandingRow(m.merchant.id);
    expect(row).toMatchObject({ displayName: "Chez Awa", accentColor: "#0B5FFF", logoType: "image/png", logoWidth: 160, logoHeight: 48 });
    expect(Buffer.from(row!.logo!).equals(png)).toBe(true);
    const audit = await auditRows(m.merchant.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ environment: null, actor: `dashboard:${m.scope.email}`, details: { displayName: "Chez Awa", accentColor: "#0B5FFF", logo: "added", logoSha256: row!.logoSha256 } });

    // Saving the same values again changes nothing and writes no row; a new colour does.
    expect(await saveBranding(m.scope, valid)).toMatchObject({ ok: true });
    expect(await auditRows(m.merchant.id)).toHaveLength(1);
    expect(await saveBranding(m.scope, { ...valid, accentColor: "#14171F" })).toMatchObject({ ok: true, data: { logo: { width: 160 } } });
    expect((await auditRows(m.merchant.id)).at(-1)).toMatchObject({ details: { accentColor: "#14171F", previousAccentColor: "#0B5FFF", logo: "unchanged" } });

    // Removing the logo.
    expect(await saveBranding(m.scope, { ...valid, accentColor: "#14171F", removeLogo: true })).toMatchObject({ ok: true, data: { logo: null } });
    expect(await brandingRow(m.merchant.id)).toMatchObject({ logo: null, logoSha256: null, logoType: null });
    expect((await auditRows(m.merchant.id)).at(-1)).toMatchObject({ details: { logo: "removed" } });
  });

  it("accepts JPEG and WebP by their magic bytes, whatever the file is called", async () => {
    const m = await merchant();
    expect(await saveBranding(m.scope, { ...valid, logo: file(jpegHeader(200, 80), "logo.png", "image/png") })).toMatchObject({ ok: true, data: { logo: { src: expect.stringMatching(/\.jpg$/) } } });
    expect(await saveBranding(m.scope, { ...valid, logo: file(webpHeader(64, 64), "logo.bin", "application/octet-stream") })).toMatchObject({ ok: true, data: { logo: { src: expect.stringMatching(/\.webp$/) } } });
    expect((await brandingRow(m.merchant.id))?.logoType).toBe("image/webp");
  });

  it("keeps and serves a logo without its metadata: no EXIF, no GPS position, no text notes", async () => {
    const m = await merchant();
    for (const [bytes, name] of [
      [pngWithMetadata(40, 20), "logo.png"],
      [jpegWithMetadata(40, 20), "logo.jpg"],
      [webpWithMetadata(40, 20), "logo.webp"],
    ] as const) {
      expect(Buffer.from(bytes).includes("GPS")).toBe(true);
      const saved = await saveBranding(m.scope, { ...valid, logo: file(bytes, name) });
      expect(saved).toMatchObject({ ok: true, data: { logo: { width: 40, height: 20 } } });
      const stored = Buffer.from((await brandingRow(m.merchant.id))!.logo!);
      const served = await getLogo((saved as { data: { logo: { src: string } } }).data.logo.src);
      expect(served.status).toBe(200);
      for (const kept of [stored, Buffer.from(served.bytes)]) {
        expect(kept.includes("GPS"), name).toBe(false);
        expect(kept.includes("Exif"), name).toBe(false);
        expect(kept.length).toBeLessThan(bytes.length);
      }
    }
  });

  const refusals: [string, Partial<typeof valid>, string, RegExp][] = [
    ["a logo over 200 KB", { logo: file(pngImage(10, 10, [0, 0, 0], MAX_LOGO_BYTES + 10)) }, "logo", /larger than 200 KB/],
    ["an SVG, even named .png", { logo: file(SVG_LOGO, "logo.png", "image/png") }, "logo", /SVG files are not accepted/],
    ["a GIF (wrong magic bytes) named .png", { logo: file(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00", "latin1"), "logo.png") }, "logo", /not a PNG, JPEG or WebP/],
    ["HTML named .jpg", { logo: file(Buffer.from("<html><script>alert(1)</script>"), "logo.jpg", "image/jpeg") }, "logo", /not a PNG, JPEG or WebP/],
    ["a colour without #", { accentColor: "0B5FFF" }, "accentColor", /# and 6 hexadecimal digits/],
    ["a named colour", { accentColor: "red" }, "accentColor", /# and 6 hexadecimal digits/],
    ["CSS smuggled in the colour", { accentColor: "#000000}body{display:none" }, "accentColor", /# and 6 hexadecimal digits/],
    ["a colour too light for white text", { accentColor: "#FFCB05" }, "accentColor", /#FFCB05 is too light for white text: contrast 1\.\d\d:1, at least 4\.5:1 needed\. Refused; the nearest darker shade that passes is #[0-9A-F]{6}\./],
    ["an empty name", { displayName: "   " }, "displayName", /1 to 60 characters/],
    ["a name over 60 characters", { displayName: "x".repeat(61) }, "displayName", /1 to 60 characters/],
  ];

  it.each(refusals)("refuses %s, says why on the field, and stores nothing", async (_label, change, field, message) => {
    const m = await merchant();
    const result = await saveBranding(m.scope, { ...valid, ...change });
    expect(result).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { [field]: expect.stringMatching(message) } });
    if (!result.ok && field !== "logo") expect(result.values).toMatchObject({ displayName: expect.any(String), accentColor: expect.any(String) });
    expect(await brandingRow(m.merchant.id)).toBeNull();
    expect(await auditRows(m.merchant.id)).toHaveLength(0);
  });

  it("keeps the saved logo when a refused upload comes with other changes", async () => {
    const m = await merchant();
    await saveBranding(m.scope, { ...valid, logo: file(pngImage(20, 20)) });
    const before = await brandingRow(m.merchant.id);
    expect(await saveBranding(m.scope, { ...valid, displayName: "New name", logo: file(SVG_LOGO, "logo.svg", "image/svg+xml") })).toMatchObject({ ok: false });
    expect(await brandingRow(m.merchant.id)).toMatchObject({ displayName: "Chez Awa", logoSha256: before!.logoSha256 });
  });

  it("speaks French in the French dashboard", async () => {
    const m = await merchant();
    const result = await saveBranding(m.scope, { ...valid, accentColor: "#FFCB05" }, { locale: "fr" });
    expect(result).toMatchObject({ ok: false, fieldErrors: { accentColor: expect.stringMatching(/^#FFCB05 est trop claire pour un texte blanc : contraste 1,\d\d:1/) } });
  });

  it("the support contact: a number as dialled in the merchant's country is stored in E.164, junk is refused on its field, a change is audited", async () => {
    const m = await merchant();
    expect(await saveBranding(m.scope, { ...valid, supportPhone: "77 123 45 67", supportEmail: "nope@" }, { locale: "fr" })).toMatchObject({
      ok: false,
      fieldErrors: { supportEmail: expect.stringMatching(/adresse e-mail valide/) },
    });
    expect(await saveBranding(m.scope, { ...valid, supportPhone: "12", supportEmail: "" })).toMatchObject({ ok: false, fieldErrors: { supportPhone: expect.stringMatching(/country code/) } });
    const saved = await saveBranding(m.scope, { ...valid, supportPhone: "77 123 45 67", supportEmail: " aide@boutique.sn " });
    expect(saved).toMatchObject({ ok: true, data: { support: { phone: expect.stringMatching(/^\+\d{8,15}$/), email: "aide@boutique.sn" } } });
    expect((await auditRows(m.merchant.id)).at(-1)).toMatchObject({ details: { supportEmail: "aide@boutique.sn" } });
    // Both emptied: no contact at all.
    expect(await saveBranding(m.scope, { ...valid, supportPhone: "", supportEmail: "" })).toMatchObject({ ok: true, data: { support: null } });
  });

  it("offers the merchant's name and the checkout's colour before anything is saved", async () => {
    const m = await merchant("Boutique Binta");
    expect(await getBrandingSettings(m.scope)).toMatchObject({ saved: false, displayName: "Boutique Binta", accentColor: "#0B5FFF", logo: null });
  });
});

describe("the logo's URL", () => {
  it("serves the logo of its own merchant only, with its type, nosniff and a year of caching", async () => {
    const a = await merchant("A");
    const b = await merchant("B");
    const pngA = pngImage(40, 40, [200, 0, 0]);
    const pngB = pngImage(40, 40, [0, 0, 200]);
    const savedA = await saveBranding(a.scope, { ...valid, logo: file(pngA) });
    const savedB = await saveBranding(b.scope, { ...valid, logo: file(pngB) });
    if (!savedA.ok || !savedB.ok || !savedA.data.logo || !savedB.data.logo) throw new Error("branding not saved");
    const srcA = savedA.data.logo.src;
    const srcB = savedB.data.logo.src;
    expect(srcA).toMatch(new RegExp(`^/branding/${a.merchant.id}/[0-9a-f]{64}\\.png$`));

    const ok = await getLogo(srcA);
    expect(ok.status).toBe(200);
    expect(Buffer.from(ok.bytes).equals(pngA)).toBe(true);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(ok.headers.get("content-security-policy")).toContain("sandbox");
    expect(ok.headers.get("content-length")).toBe(String(pngA.length));

    // A's id with B's hash, B's id with A's hash: not found, never the other merchant's file.
    const hashOf = (src: string) => src.split("/").pop()!;
    for (const crossed of [`/branding/${a.merchant.id}/${hashOf(srcB)}`, `/branding/${b.merchant.id}/${hashOf(srcA)}`]) {
      const res = await getLogo(crossed);
      expect(res.status, crossed).toBe(404);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // An unknown hash, the right hash with another extension, junk: 404.
    for (const path of [`/branding/${a.merchant.id}/${"0".repeat(64)}.png`, srcA.replace(/\.png$/, ".jpg"), srcA.replace(/\.png$/, ".svg"), `/branding/${a.merchant.id}/..%2f..%2fetc.png`, `/branding/mch_nope/${hashOf(srcA)}`]) {
      expect((await getLogo(path)).status, path).toBe(404);
    }
    // Revalidation by ETag.
    expect((await getLogo(srcA, { "if-none-match": `"${hashOf(srcA).replace(/\.png$/, "")}"` })).status).toBe(304);

    // A new logo is a new URL; the old one is gone.
    const replaced = await saveBranding(a.scope, { ...valid, logo: file(pngImage(41, 41)) });
    if (!replaced.ok || !replaced.data.logo) throw new Error("not replaced");
    expect(replaced.data.logo.src).not.toBe(srcA);
    expect((await getLogo(srcA)).status).toBe(404);
    expect((await getLogo(replaced.data.logo.src)).status).toBe(200);
  });
});

describe("the hosted checkout", () => {
  async function page(headers: Record<string, string>) {
    const res = await initiatePayment(headers, { type: "checkout", amount: 5000, externalReference: uniqueRef("brand") });
    expect(res.status).toBe(201);
    const token = new URL(res.json.data.redirectUrl).pathname.split("/").pop()!;
    const response = await pageRoute(new Request(`http://localhost:3000/checkout/${token}`, { headers: { host: "localhost:3000", "accept-language": "en" } }), { params: Promise.resolve({ token }) });
    return { html: await response.text(), csp: response.headers.get("content-security-policy") ?? "" };
  }

  it("shows the display name and logo in its header and takes the accent colour through the nonce'd style", async () => {
    const m = await merchant("Legal Name SARL");
    const saved = await saveBranding(m.scope, { ...valid, displayName: "Chez <Awa>", accentColor: "#7A1FA2", logo: file(pngImage(120, 40)) });
    if (!saved.ok || !saved.data.logo) throw new Error("not saved");
    const { html, csp } = await page(m.headers);
    expect(html).toContain("Chez &lt;Awa&gt;");
    expect(html).not.toContain("Legal Name SARL");
    expect(html).toContain(`<img class="brand-logo" src="${saved.data.logo.src}" alt="" width="120" height="40"`);
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(html).toMatch(new RegExp(`<style nonce="${nonce.replace(/[+/=]/g, "\\$&")}" id="brand">:root\\{--accent:#7A1FA2\\}`));
    expect(html).not.toMatch(/\sstyle="/);
    expect(csp).toContain("img-src 'self'");
  });

  it("shows the merchant's support contact", async () => {
    const m = await merchant("Boutique Contact");
    expect(await saveBranding(m.scope, { ...valid, supportPhone: "+221 33 800 11 22", supportEmail: "aide@boutique.sn" })).toMatchObject({ ok: true });
    const { html } = await page(m.headers);
    expect(html).toContain(`<a href="tel:+221338001122">+221338001122</a>`);
    expect(html).toContain(`<a href="mailto:aide@boutique.sn">aide@boutique.sn</a>`);
  });

  it("without branding keeps the merchant's name and the page's own colours", async () => {
    const m = await merchant("Boutique Plain");
    const { html } = await page(m.headers);
    expect(html).toContain("Boutique Plain");
    expect(/<style nonce="[^"]+" id="brand">([^<]*)<\/style>/.exec(html)?.[1]).not.toContain("--accent");
    expect(html).not.toContain('<img class="brand-logo"');
  });
});
