import type { LogoType } from "./logo-image";

/**
 * A logo as customers are served it: the image and nothing else. Camera and editor files carry
 * metadata a merchant never meant to publish on the checkout (EXIF with the GPS position and the
 * device's serial, XMP with the author, text notes, comments). Each format is rewritten keeping
 * only the pieces an image needs to be drawn, every other piece dropped, unknown ones included:
 * - PNG: the critical chunks and the ones that change how pixels look (IHDR, PLTE, IDAT, IEND,
 *   tRNS, gAMA, cHRM, sRGB, iCCP, sBIT); text (tEXt, zTXt, iTXt), eXIf, tIME, pHYs… go;
 * - JPEG: the segments that decode the image (frames, tables, restart interval, scan) and APP0
 *   (JFIF), APP2 ICC profiles and APP14 (Adobe, which says how colours are encoded); APP1 (EXIF,
 *   XMP), the other APPn and comments go. An EXIF orientation goes with EXIF: the logo is shown
 *   as stored, as the dashboard's preview shows it;
 * - WebP: VP8/VP8L/VP8X/ALPH/ANIM/ANMF/ICCP; EXIF and XMP chunks go and VP8X's flags for them
 *   are cleared.
 * Returns null when the file's structure cannot be walked to its end (the upload is refused).
 */
export function stripLogoMetadata(bytes: Uint8Array, type: LogoType): Uint8Array | null {
  if (type === "image/png") return stripPng(bytes);
  if (type === "image/jpeg") return stripJpeg(bytes);
  return stripWebp(bytes);
}

const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const le32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const PNG_KEPT = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]);

function stripPng(b: Uint8Array): Uint8Array | null {
  const parts = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const length = be32(b, i);
    const end = i + 12 + length;
    if (end > b.length) return null;
    const name = ascii(b, i + 4, 4);
    if (PNG_KEPT.has(name)) parts.push(b.subarray(i, end));
    i = end;
    if (name === "IEND") return concat(parts);
  }
  return null;
}

/** APP0 (JFIF), APP2 (ICC profile), APP14 (Adobe colour transform). */
const JPEG_KEPT_APP = new Set([0xe0, 0xe2, 0xee]);

function stripJpeg(b: Uint8Array): Uint8Array | null {
  const parts = [b.subarray(0, 2)];
  let i = 2;
  while (i + 2 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd9) return concat([...parts, b.subarray(i, i + 2)]);
    if (i + 4 > b.length) return null;
    const length = (b[i + 2] << 8) | b[i + 3];
    if (length < 2 || i + 2 + length > b.length) return null;
    const segmentEnd = i + 2 + length;
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data runs to the end of the image; kept as it is.
      parts.push(b.subarray(i));
      return concat(parts);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const isComment = marker === 0xfe;
    if (!(isComment || (isApp && !JPEG_KEPT_APP.has(marker)))) parts.push(b.subarray(i, segmentEnd));
    i = segmentEnd;
  }
  return null;
}

const WEBP_KEPT = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"]);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

function stripWebp(b: Uint8Array): Uint8Array | null {
  if (b.length < 12) return null;
  const parts: Uint8Array[] = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const size = le32(b, i + 4);
    const end = i + 8 + size + (size % 2); // chunks are padded to an even size
    if (i + 8 + size > b.length) return null;
    const name = ascii(b, i, 4);
    if (WEBP_KEPT.has(name)) {
      const chunk = b.slice(i, Math.min(end, b.length));
      if (name === "VP8X" && chunk.length > 8) chunk[8] &= ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG) & 0xff;
      parts.push(chunk);
    }
    i = end;
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  const riffSize = body.length + 4;
  header.set([riffSize & 0xff, (riffSize >>> 8) & 0xff, (riffSize >>> 16) & 0xff, (riffSize >>> 24) & 0xff], 4);
  return concat([header, body]);
}
