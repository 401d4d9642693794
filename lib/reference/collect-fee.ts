import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { percentOf } from "@/lib/money";
import type { Catalogue, CollectTariff } from "./catalogue-types";
import { getCatalogue } from "./get-catalogue";

/**
 * The merchant's fee on a collected amount: the provider's percentage of `amount` (minor units,
 * in the payment's own currency, so XOF minor units for an XOF payment), rounded half-up
 * (docs/design/money-and-identifiers.md). The merchant's own tariff row for the provider beats the default one.
 */
export type CollectFee = { fee: bigint; tariff: CollectTariff };

export async function collectFee(
  input: { amount: bigint; provider: string; merchantId?: string | null },
  options: { db?: Db } = {},
): Promise<CollectFee> {
  return collectFeeFrom(await getCatalogue(options.db), input);
}

export function collectFeeFrom(catalogue: Catalogue, input: { amount: bigint; provider: string; merchantId?: string | null }): CollectFee {
  if (input.amount < 0n) throw new RangeError(`amount must not be negative, got ${input.amount}`);
  const find = (owner: string | null) => catalogue.collectTariffs.find((t) => t.merchantId === owner && t.providerCode === input.provider);
  const tariff = (input.merchantId ? find(input.merchantId) : undefined) ?? find(null);
  if (!tariff) throw new AppError("provider_unavailable", `Payments by ${input.provider} are not available: no tariff is configured.`);
  return { fee: percentOf(input.amount, tariff.percent, "half-up"), tariff };
}
