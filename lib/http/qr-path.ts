import QRCode from "qrcode";

/** A QR code as one SVG path: `size` modules square, `d` the dark modules (1×1 each). */
export type QrPath = { size: number; d: string };

/**
 * A text as a QR code to draw inline (the `qrcode` library does the encoding, as for payment
 * links' QR images; we draw it): the otpauth:// URI for authenticator apps, Wave's payment page
 * for a phone's camera on the desktop checkout. One path of unit squares, so a page renders it as
 * plain SVG markup — no image URL, no inline style, nothing a CSP has to allow.
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
