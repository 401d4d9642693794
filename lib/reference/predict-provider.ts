import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { currencyExponent } from "@/lib/money";
import { type Catalogue, type Country, type NumberingPlan, type NumberingPrefix, channelKey } from "./catalogue-types";
import { getCatalogue } from "./get-catalogue";
import { parsePhoneNumber } from "./parse-phone-number";

/**
 * Operator prediction from the national numbering plans (docs/numbering-plans.md). The plan is
 * the only source: a ported number simply follows its block's operator. The answer says how far
 * to trust it: the plan's `confidence`, and `portability` where subscribers can keep their number
 * on another operator (then the provider is a best guess; the customer may pick another). It also
 * says whether that provider takes whole units only in the country's currency (`wholeUnits`), so a
 * client can ask for a whole amount before it initiates.
 */
export type Prediction = { phoneNumber: string; country: string; provider: string; confidence: string; portability: boolean; wholeUnits: boolean };

/**
 * The predicted provider's `wholeUnits` in the country's own currency: its collect channel's, or
 * its payout channel's where it does not collect there (a payout-only country such as CD); with
 * neither, whether the currency has no minor unit.
 */
export function providerWholeUnits(catalogue: Catalogue, country: Pick<Country, "code" | "currency">, provider: string): boolean {
  const channel =
    catalogue.channelByKey.get(channelKey(provider, country.code, country.currency, "collect")) ??
    catalogue.channelByKey.get(channelKey(provider, country.code, country.currency, "payout"));
  return channel ? channel.wholeUnits : currencyExponent(country.currency) === 0;
}

/** The block that owns a national significant number: the longest matching prefix, or null. */
export function numberOwner(plan: NumberingPlan | undefined, nsn: string): NumberingPrefix | null {
  return plan?.prefixes.find((p) => nsn.startsWith(p.prefix)) ?? null;
}

/**
 * POST /providers/predict: any common form of a number (+CC, 00CC, CC, national with `country`)
 * → its E.164 form, country and provider code. 400 `invalid_phone` when it is not a number of a
 * country we serve; 404 `not_found` when no operator we serve owns its prefix (the message says
 * whether the block is unknown or belongs to an operator without a method here).
 */
export async function predictProvider(input: { phoneNumber: unknown; country?: string | null }, db?: Db): Promise<Prediction> {
  const catalogue = await getCatalogue(db);
  const { country, nsn, e164 } = parsePhoneNumber(catalogue, input.phoneNumber, input.country);
  const plan = catalogue.numberingPlans.get(country.code);
  if (!plan) {
    throw new AppError("not_found", `No mobile numbering plan is kept for ${country.name}: the platform pays out there by bank transfer only.`);
  }
  const owner = numberOwner(plan, nsn);
  // Only the leading digits are named: the number itself is personal data.
  const block = `${country.phonePrefix} ${nsn.slice(0, Math.max(2, owner?.prefix.length ?? 0))}…`;
  if (!owner) throw new AppError("not_found", `No operator is known for ${country.name} numbers starting ${block}.`);
  if (!owner.providerCode) {
    throw new AppError("not_found", `${country.name} numbers starting ${block} belong to ${owner.operatorName}, which has no mobile-money method on this platform.`);
  }
  return {
    phoneNumber: e164,
    country: country.code,
    provider: owner.providerCode,
    confidence: plan.confidence,
    portability: plan.portability,
    wholeUnits: providerWholeUnits(catalogue, country, owner.providerCode),
  };
}

/**
 * docs/design/provider-prediction.md: a number that belongs to another operator than the chosen provider is refused.
 * Returns the refusal (a sentence naming the right operator) or null when the number may go:
 * - the provider holds no block in this country (Wave, Coris, bank transfer, crypto, or an
 *   operator whose blocks are unknown): nothing to compare, so never refused;
 * - no block matches the number: the plan may be stale (new allocations reach operators before
 *   our table), and the operator itself refuses a number it does not hold; let it through;
 * - otherwise the owner must be the provider.
 */
export function phoneOperatorMismatch(catalogue: Catalogue, countryCode: string, e164: string, provider: string): string | null {
  const country = catalogue.countryByCode.get(countryCode);
  const plan = catalogue.numberingPlans.get(countryCode);
  if (!country || !plan || !e164.startsWith(country.phonePrefix)) return null;
  const providerBlock = plan.prefixes.find((p) => p.providerCode === provider);
  if (!providerBlock) return null;
  const owner = numberOwner(plan, e164.slice(country.phonePrefix.length));
  if (!owner || owner.providerCode === provider) return null;
  const hint = owner.providerCode ? ` Use provider "${owner.providerCode}", or another number.` : "";
  return `This number belongs to ${owner.operatorName}, not ${providerBlock.operatorName}.${hint}`;
}

/** phoneOperatorMismatch as the API's refusal: 400 `invalid_phone` on `field`. */
export async function assertPhoneMatchesProvider(countryCode: string, e164: string, provider: string, field: string, db?: Db): Promise<void> {
  const message = phoneOperatorMismatch(await getCatalogue(db), countryCode, e164, provider);
  if (message) throw new AppError("invalid_phone", message, { details: [{ path: field, message }] });
}
