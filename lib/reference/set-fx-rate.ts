import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isCurrency } from "@/lib/money";
import { pairKey } from "./catalogue-types";
import { parseDecimalInput, parsePercentInput } from "./decimal-input";
import { getCatalogue, invalidateReferenceCache } from "./get-catalogue";
import { fxRateFrom } from "./get-fx-rate";
import { runInTransaction } from "./run-in-transaction";

/**
 * Sets the mid rate of a pair (1 `from` = `midRate` `to`), replacing the reverse row if one
 * exists (one row per pair), and optionally the pair's own spread. Parity pairs stay at 1.
 */
export type SetFxRateInput = { from: string; to: string; midRate: string; spreadPercent?: string; by: string };

export async function setFxRate(input: SetFxRateInput, db?: Db) {
  const from = input.from.trim().toUpperCase();
  const to = input.to.trim().toUpperCase();
  for (const code of [from, to]) if (!isCurrency(code)) throw new AppError("invalid_currency", `Unsupported currency: ${code}`);
  if (from === to) throw new AppError("validation_error", "from and to must be two different currencies.");
  const midRate = parseDecimalInput(input.midRate, "rate", { maxDecimals: 15, maxIntegerDigits: 15, positive: true });
  const spreadPercent = input.spreadPercent === undefined ? undefined : parsePercentInput(input.spreadPercent, "spread");

  const before = await getCatalogue(db);
  if (before.fxSpreads.get(pairKey(from, to))?.parity) {
    throw new AppError("invalid_request", `${from}/${to} is a fixed parity pair: it always converts at 1 with no spread.`);
  }
  let previous: string | null = null;
  try {
    previous = fxRateFrom(before, from, to).midRate;
  } catch {
    previous = null;
  }

  const [a, b] = from <= to ? [from, to] : [to, from];
  await runInTransaction(db, async (tx) => {
    await tx.fxRate.deleteMany({ where: { baseCurrency: to, quoteCurrency: from } });
    await tx.fxRate.upsert({
      where: { baseCurrency_quoteCurrency: { baseCurrency: from, quoteCurrency: to } },
      create: { baseCurrency: from, quoteCurrency: to, midRate, updatedBy: input.by },
      update: { midRate, updatedBy: input.by },
    });
    if (spreadPercent !== undefined) {
      await tx.fxSpread.upsert({
        where: { baseCurrency_quoteCurrency: { baseCurrency: a, quoteCurrency: b } },
        create: { baseCurrency: a, quoteCurrency: b, spreadPercent, parity: false },
        update: { spreadPercent },
      });
    }
  });
  invalidateReferenceCache();
  return { from, to, midRate, previousMidRate: previous, fx: fxRateFrom(await getCatalogue(db), from, to) };
}
