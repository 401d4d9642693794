import { config } from "@/lib/config";

/** Absolute URL of a file under public/ ("/logos/wave.svg" → "https://…/logos/wave.svg"). */
export function assetUrl(path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${config.publicUrl()}${path.startsWith("/") ? "" : "/"}${path}`;
}
