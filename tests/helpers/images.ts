import { crc32, deflateSync } from "node:zlib";

/**
 * Small images built byte by byte for the branding tests: a real PNG any browser draws, and
 * JPEG / WebP headers carrying a pixel size (enough for a check by magic bytes and header).
 */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG of `width` × `height`. `padTo` appends an ancillary chunk to reach a size in bytes. */
export function pngImage(width: number, height: number, rgb: [number, number, number] = [11, 95, 255], padTo = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels)];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (padTo > size + 12) parts.push(chunk("tEXt", Buffer.alloc(padTo - size - 12, 0x61)));
  parts.push(chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** SOI, a JFIF APP0 segment, then a baseline frame header (SOF0) of `width` × `height`. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A RIFF/WEBP file with an extended (VP8X) header declaring `width` × `height`. */
export function webpHeader(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write("VP8X", 0, "ascii");
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "ascii");
  riff.writeUInt32LE(4 + vp8x.length, 4);
  riff.write("WEBP", 8, "ascii");
  return Buffer.concat([riff, vp8x]);
}

export const SVG_LOGO = Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`);

/** EXIF as a camera writes it, with a GPS position (what must never reach a customer). */
export const EXIF_WITH_GPS = Buffer.concat([Buffer.from("Exif\0\0MM\0*", "latin1"), Buffer.from("GPSLatitude 14.6928 N GPSLongitude 17.4467 W Canon EOS serial 0123456789", "latin1")]);

/** The PNG of pngImage with an eXIf chunk and a text note before its pixels. */
export function pngWithMetadata(width: number, height: number): Buffer {
  const plain = pngImage(width, height);
  const afterHeader = 8 + 25; // signature, IHDR
  return Buffer.concat([plain.subarray(0, afterHeader), chunk("eXIf", EXIF_WITH_GPS), chunk("tEXt", Buffer.from("Comment\0taken at home, GPS 14.69 -17.44", "latin1")), plain.subarray(afterHeader)]);
}

/** jpegHeader's JPEG with an APP1 EXIF segment and a comment. */
export function jpegWithMetadata(width: number, height: number): Buffer {
  const plain = jpegHeader(width, height);
  const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
  return Buffer.concat([plain.subarray(0, 2), segment(0xe1, EXIF_WITH_GPS), segment(0xfe, Buffer.from("GPS 14.69 -17.44", "latin1")), plain.subarray(2)]);
}

/** webpHeader's WebP with an EXIF chunk, flagged in VP8X. */
export function webpWithMetadata(width: number, height: number): Buffer {
  const plain = webpHeader(width, height);
  const exif = Buffer.alloc(8 + EXIF_WITH_GPS.length + (EXIF_WITH_GPS.length % 2));
  exif.write("EXIF", 0, "ascii");
  exif.writeUInt32LE(EXIF_WITH_GPS.length, 4);
  EXIF_WITH_GPS.copy(exif, 8);
  const out = Buffer.concat([plain, exif]);
  out[20] |= 0x08; // VP8X: EXIF present
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}
