import { SEED_CHANNELS, SEED_COUNTRIES } from "./catalogue-seed";
import { SEED_NUMBERING_PLANS } from "./numbering-seed";

/**
 * Sample mobile numbers for the sandbox (docs/numbering-plans.md): a number of the operator's first
 * seeded block, zero-padded to the country's length, ending in the digits that pick the sandbox
 * outcome (…12 succeeds, …90 fails insufficient_funds and so on: the simulator's table). They pass
 * the same checks as a real number: E.164, the country's length, and the operator's own prefix.
 * Built from the seed, as /docs shows the seed; an operator's later edit of a plan may differ.
 */
export const SUCCESS_ENDING = "12";

export function sampleNumber(countryCode: string, provider: string, ending: string = SUCCESS_ENDING): string {
  const country = SEED_COUNTRIES.find((c) => c.code === countryCode);
  if (!country) throw new RangeError(`no country ${countryCode} in the seed`);
  const plan = SEED_NUMBERING_PLANS.find((p) => p.country === countryCode);
  // A provider without a block of its own (Wave, Coris, bank transfer) takes a number of the first
  // operator we serve there, else of the country's first operator.
  const block =
    plan?.operators.find((o) => o.provider === provider)?.prefixes[0] ?? plan?.operators.find((o) => o.provider)?.prefixes[0] ?? plan?.operators[0]?.prefixes[0];
  if (!block) throw new RangeError(`no mobile block in ${countryCode} for ${provider}`);
  const padding = country.nationalNumberLength - block.length - ending.length;
  if (padding < 0 || !/^\d+$/.test(ending)) throw new RangeError(`ending "${ending}" does not fit a ${countryCode} number after ${block}`);
  return `${country.phonePrefix}${block}${"0".repeat(padding)}${ending}`;
}

export type SampleNumberRow = { country: string; countryName: string; provider: string; operator: string; number: string };

/** One sample number per mobile-money collect operator of each collect country, in catalogue order. */
export function sandboxSampleNumbers(ending: string = SUCCESS_ENDING): SampleNumberRow[] {
  const rows: SampleNumberRow[] = [];
  for (const country of SEED_COUNTRIES.filter((c) => c.active)) {
    const plan = SEED_NUMBERING_PLANS.find((p) => p.country === country.code);
    const providers = [
      ...new Set(
        SEED_CHANNELS.filter((c) => c.countryCode === country.code && c.direction === "collect" && !["bank_transfer", "crypto"].includes(c.providerCode)).map(
          (c) => c.providerCode,
        ),
      ),
    ];
    for (const provider of providers) {
      const operator = plan?.operators.find((o) => o.provider === provider)?.name ?? `${provider} (any mobile number)`;
      rows.push({ country: country.code, countryName: country.name, provider, operator, number: sampleNumber(country.code, provider, ending) });
    }
  }
  return rows;
}
