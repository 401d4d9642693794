import { createHash } from "node:crypto";
import { stripLogoMetadata } from "./strip-logo-metadata";

/**
 * An uploaded logo is checked by its first bytes (the file's name and the browser's type say
 * nothing reliable): PNG, JPEG or WebP only, at most 200 KB, with its pixel size read from the
 * header. SVG is refused whatever it is called: an SVG document can carry script, and opened on
 * its own from our origin it would run there. A few kilobytes of PNG can also declare an image
 * of gigapixels that every customer's phone would have to decode: sides above 2048 px are refused.
 * What is kept is the image without its metadata (EXIF, GPS, XMP, text: strip-logo-metadata.ts);
 * its hash is that of the kept bytes.
 */
export const MAX_LOGO_BYTES = 200 * 1024;
export const MAX_LOGO_SIDE = 2048;

export type LogoType = "image/png" | "image/jpeg" | "image/webp";
export const LOGO_EXTENSION: Record<LogoType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

export type LogoRefusal = "empty" | "too_big" | "svg" | "not_image" | "unreadable" | "too_large_image";
export type LogoCheck = { ok: true; type: LogoType; width: number; height: number; sha256: string; bytes: Uint8Array<ArrayBuffer> } | { ok: false; reason: LogoRefusal };

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export function sniffLogoType(bytes: Uint8Array): LogoType | "svg" | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  // Markup (an SVG, or HTML calling itself a PNG): after a BOM and white space, a "<".
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, "").trimStart();
  if (head.startsWith("<") && /<svg[\s>]/i.test(head)) return "svg";
  if (/^<\?xml|^<!doctype svg/i.test(head)) return "svg";
  return null;
}

function pngSize(b: Uint8Array): [number, number] | null {
  return b.length >= 24 && ascii(b, 12, 4) === "IHDR" ? [be32(b, 16), be32(b, 20)] : null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 " && b.length >= 30 && startsWith(b, [0x9d, 0x01, 0x2a], 23)) return [le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff];
  if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === "VP8X" && b.length >= 30) return [le24(b, 24) + 1, le24(b, 27) + 1];
  return null;
}

/** The frame header (SOFn) of a JPEG, walking its segments from the start. */
function jpegSize(b: Uint8Array): [number, number] | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // no length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data before any frame header
    const length = be16(b, i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return i + 9 <= b.length ? [be16(b, i + 7), be16(b, i + 5)] : null;
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

export function checkLogo(bytes: Uint8Array): LogoCheck {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, reason: "too_big" };
  const type = sniffLogoType(bytes);
  if (type === "svg") return { ok: false, reason: "svg" };
  if (type === null) return { ok: false, reason: "not_image" };
  const size = type === "image/png" ? pngSize(bytes) : type === "image/jpeg" ? jpegSize(bytes) : webpSize(bytes);
  if (!size || size[0] < 1 || size[1] < 1) return { ok: false, reason: "unreadable" };
  const [width, height] = size;
  if (width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE) return { ok: false, reason: "too_large_image" };
  const stripped = stripLogoMetadata(bytes, type);
  if (!stripped) return { ok: false, reason: "unreadable" };
  const kept = new Uint8Array(stripped);
  return { ok: true, type, width, height, sha256: createHash("sha256").update(kept).digest("hex"), bytes: kept };
}
