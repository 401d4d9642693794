import { describe, expect, it } from "vitest";
import { checkLogo, MAX_LOGO_BYTES } from "@/lib/branding";
import { jpegHeader, pngImage, SVG_LOGO, webpHeader } from "../../helpers/images";

describe("logo check by magic bytes", () => {
  it("reads PNG, JPEG and WebP with their pixel size and a SHA-256", () => {
    expect(checkLogo(pngImage(120, 40))).toMatchObject({ ok: true, type: "image/png", width: 120, height: 40, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(checkLogo(jpegHeader(300, 100))).toMatchObject({ ok: true, type: "image/jpeg", width: 300, height: 100 });
    expect(checkLogo(webpHeader(512, 256))).toMatchObject({ ok: true, type: "image/webp", width: 512, height: 256 });
  });

  it("refuses SVG whatever it is called, with or without an XML declaration or a BOM", () => {
    expect(checkLogo(SVG_LOGO)).toEqual({ ok: false, reason: "svg" });
    expect(checkLogo(Buffer.from('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toEqual({ ok: false, reason: "svg" });
    expect(checkLogo(Buffer.from("<!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.1//EN'><svg/>"))).toEqual({ ok: false, reason: "svg" });
  });

  it("refuses anything else: HTML, GIF, text, an empty file", () => {
    expect(checkLogo(Buffer.from("<html><script>alert(1)</script></html>"))).toEqual({ ok: false, reason: "not_image" });
    expect(checkLogo(Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"))).toEqual({ ok: false, reason: "not_image" });
    expect(checkLogo(Buffer.from("just text"))).toEqual({ ok: false, reason: "not_image" });
    expect(checkLogo(new Uint8Array(0))).toEqual({ ok: false, reason: "empty" });
  });

  it("refuses a file over 200 KB, and a header that cannot be read", () => {
    const big = pngImage(10, 10, [0, 0, 0], MAX_LOGO_BYTES + 1);
    expect(big.length).toBeGreaterThan(MAX_LOGO_BYTES);
    expect(checkLogo(big)).toEqual({ ok: false, reason: "too_big" });
    expect(checkLogo(pngImage(10, 10, [0, 0, 0], MAX_LOGO_BYTES - 100))).toMatchObject({ ok: true });
    expect(checkLogo(pngImage(10, 10).subarray(0, 12))).toEqual({ ok: false, reason: "unreadable" });
    expect(checkLogo(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toEqual({ ok: false, reason: "unreadable" });
  });

  it("refuses an image declaring more than 2048 px a side (a few KB can decode to gigabytes)", () => {
    expect(checkLogo(webpHeader(30_000, 30_000))).toEqual({ ok: false, reason: "too_large_image" });
    expect(checkLogo(jpegHeader(2049, 10))).toEqual({ ok: false, reason: "too_large_image" });
  });
});
