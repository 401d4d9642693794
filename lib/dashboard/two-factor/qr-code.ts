import QRCode from "qrcode";

/** A QR code as one SVG path: `size` modules square, `d` the dark modules (1×1 each). */
export type QrPath = { size: number; d: string };

/**
 * The otpauth:// URI as a QR code for authenticator apps to scan (the `qrcode` library does the
 * encoding; we draw it). One path of unit squares, so the page renders it as plain SVG markup —
 * no image URL, no inline style, nothing the CSP has to allow.
 */
export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  let d = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size: modules.size, d };
}
