import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { qrPath } from "@/lib/http/qr-path";
import { totpUri } from "@/lib/identity/two-factor/totp";

/** Rasterises the SVG path (unit squares "M{x} {y}h1v1h-1z") with a quiet zone, as a camera would see it. */
function rasterise({ size, d }: { size: number; d: string }, scale = 6, quiet = 4) {
  const width = (size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const px = ((Number(y) + quiet) * scale + dy) * width + (Number(x) + quiet) * scale + dx;
        pixels.fill(0, px * 4, px * 4 + 3);
      }
    }
  }
  return { pixels, width };
}

describe("the two-factor QR code", () => {
  it("decodes (with an independent QR reader) to the otpauth URI the app needs", () => {
    const uri = totpUri("owner@boutique.example", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    const { pixels, width } = rasterise(qrPath(uri));
    expect(jsQR(pixels, width, width)?.data).toBe(uri);
  });
});
