import { getPrisma, type Db } from "@/lib/db/client";
import { LOGO_EXTENSION, type LogoType } from "./logo-image";

const MERCHANT_ID = /^mch_[0-9a-z]{26}$/;
const FILE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

export type StoredLogo = { bytes: Uint8Array; type: LogoType; sha256: string };

/**
 * The logo at /branding/<merchantId>/<sha256>.<ext>: found only when that merchant's current logo
 * has that hash and that type. Another merchant's hash, an old logo's hash, a wrong extension or
 * anything not shaped like an id and a hash is not found (junk costs no query).
 */
export async function findLogo(merchantId: string, file: string, db?: Db): Promise<StoredLogo | null> {
  const match = FILE.exec(file);
  if (!MERCHANT_ID.test(merchantId) || !match) return null;
  const [, sha256, ext] = match;
  const prisma = db ?? (await getPrisma());
  const row = await prisma.merchantBranding.findFirst({ where: { merchantId, logoSha256: sha256 }, select: { logo: true, logoType: true } });
  if (!row?.logo || !row.logoType || LOGO_EXTENSION[row.logoType as LogoType] !== ext) return null;
  return { bytes: row.logo, type: row.logoType as LogoType, sha256 };
}
