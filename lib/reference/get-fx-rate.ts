import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { applySpread, invertRate, isCurrency, multiplyRates, type SpreadDirection } from "@/lib/money";
import { type Catalogue, pairKey } from "./catalogue-types";
import { DEFAULT_SPREAD_PERCENT } from "./catalogue-seed";
import { getCatalogue } from "./get-catalogue";

/**
 * The rate to convert `from` into `to` (1 `from` = `rate` `to`, major units), docs/design/quotes-and-payouts.md:
 * - same currency or a parity pair (XOF↔XAF): rate 1, spread 0, parity true;
 * - otherwise the mid rate — stored for the pair, else the inverse of the reverse pair, else a
 *   cross through XOF then USD — moved against the merchant by the pair's spread (default row
 *   "*", 1.5 %): × (1 − s) when selling the merchant's money, × (1 + s) when pricing what the
 *   merchant must pay (lib/money applySpread).
 * Throws AppError `invalid_currency` when a currency is unknown or no rate links the two.
 */
export type FxRate = {
  from: string;
  to: string;
  /** Spread applied; the one to compute with. */
  rate: string;
  midRate: string;
  spreadPercent: string;
  parity: boolean;
};

export async function getFxRate(
  from: string,
  to: string,
  options: { direction?: SpreadDirection; db?: Db } = {},
): Promise<FxRate> {
  return fxRateFrom(await getCatalogue(options.db), from, to, options.direction);
}

const PIVOTS = ["XOF", "USD"];

export function fxRateFrom(catalogue: Catalogue, from: string, to: string, direction: SpreadDirection = "against-merchant-selling"): FxRate {
  for (const code of [from, to]) {
    if (!isCurrency(code)) throw new AppError("invalid_currency", `Unsupported currency: ${code}`);
  }
  if (from === to || isParity(catalogue, from, to)) return { from, to, rate: "1", midRate: "1", spreadPercent: "0", parity: true };
  const midRate = directMid(catalogue, from, to) ?? crossMid(catalogue, from, to);
  if (!midRate) throw new AppError("invalid_currency", `No exchange rate is available from ${from} to ${to}.`);
  const spreadPercent = catalogue.fxSpreads.get(pairKey(from, to))?.spreadPercent ?? catalogue.fxSpreads.get("*|*")?.spreadPercent ?? DEFAULT_SPREAD_PERCENT;
  return { from, to, rate: applySpread(midRate, spreadPercent, direction), midRate, spreadPercent, parity: false };
}

function isParity(catalogue: Catalogue, a: string, b: string): boolean {
  return catalogue.fxSpreads.get(pairKey(a, b))?.parity === true;
}

/** A stored rate for the pair (either way round), or 1 for a parity pair. */
function directMid(catalogue: Catalogue, from: string, to: string): string | null {
  if (from === to || isParity(catalogue, from, to)) return "1";
  const direct = catalogue.fxRates.get(`${from}/${to}`);
  if (direct) return direct.midRate;
  const reverse = catalogue.fxRates.get(`${to}/${from}`);
  return reverse ? invertRate(reverse.midRate) : null;
}

function crossMid(catalogue: Catalogue, from: string, to: string): string | null {
  for (const pivot of PIVOTS) {
    if (pivot === from || pivot === to) continue;
    const a = directMid(catalogue, from, pivot);
    const b = a && directMid(catalogue, pivot, to);
    if (a && b) return multiplyRates(a, b);
  }
  return null;
}
