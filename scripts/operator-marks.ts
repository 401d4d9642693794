/**
 * Writes each provider's SVG badge to public/logos/<code>.svg from the catalogue's colours
 * (lib/reference/operator-badge.ts). Run after changing a provider's colour or monogram:
 *   npm run marks
 * An operator's official logo does not go here but in public/operators/ (see operator-mark-path.ts).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { SEED_PROVIDERS } from "@/lib/reference/catalogue-seed";
import { operatorBadgeSvg } from "@/lib/reference/operator-badge";

for (const provider of SEED_PROVIDERS) {
  const file = path.join(process.cwd(), "public", "logos", `${provider.code}.svg`);
  writeFileSync(file, operatorBadgeSvg(provider));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
