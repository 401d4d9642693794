import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { percentOf } from "@/lib/money";
import type { Catalogue, PayoutTariff } from "./catalogue-types";
import { getCatalogue } from "./get-catalogue";

/**
 * Payout fee in XOF minor units (the tariff is always in XOF, spec quote rule 2):
 * max(percent × amountXof rounded half-up, minimum) + flat.
 * Tariff choice, most specific first: the merchant's row for the provider code, the merchant's
 * row for the family (`mobile_money` / `bank_transfer`), then the same two default rows.
 * `international` is true for any cross-border payout (corridor.isInternational); an
 * international bank transfer is a SWIFT transfer.
 */
export type PayoutFeeInput = {
  amountXof: bigint;
  /** Provider code (`orange`, `wave`…) or `bank_transfer`. */
  method: string;
  type?: "c2c" | "b2b";
  international: boolean;
  merchantId?: string | null;
};

export type PayoutFee = { feeXof: bigint; tariff: PayoutTariff };

export async function payoutFeeXof(input: PayoutFeeInput, options: { db?: Db } = {}): Promise<PayoutFee> {
  return payoutFeeFrom(await getCatalogue(options.db), input);
}

export function payoutFeeFrom(catalogue: Catalogue, input: PayoutFeeInput): PayoutFee {
  if (input.amountXof < 0n) throw new RangeError(`amountXof must not be negative, got ${input.amountXof}`);
  const tariff = payoutTariffFor(catalogue, input);
  const percentFee = percentOf(input.amountXof, tariff.percent, "half-up");
  const base = percentFee > tariff.minimumXof ? percentFee : tariff.minimumXof;
  return { feeXof: base + tariff.flatXof, tariff };
}

function payoutTariffFor(catalogue: Catalogue, input: PayoutFeeInput): PayoutTariff {
  const type = input.type ?? "c2c";
  const scope = input.international ? "international" : "domestic";
  const provider = catalogue.providerByCode.get(input.method);
  if (!provider) throw new AppError("provider_unavailable", `Unknown payout method "${input.method}".`);
  const family = provider.kind;
  const merchantId = input.merchantId ?? null;
  const owners = merchantId ? [merchantId, null] : [null];
  for (const owner of owners) {
    for (const method of [input.method, family]) {
      const row = catalogue.payoutTariffs.find((t) => t.merchantId === owner && t.method === method && t.type === type && t.scope === scope);
      if (row) return row;
    }
  }
  throw new AppError("provider_unavailable", `Payouts by ${input.method} (${type}, ${scope}) are not available: no tariff is configured.`);
}
