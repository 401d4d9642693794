import type { Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/client";
import type { CurrencyCode } from "@/lib/money";
import { accountRow, merchantAccount, platformAccount, providerClearing } from "./accounts";
import { LedgerError } from "./ledger-error";
import { type PostedEntry, postEntry } from "./post-entry";
import { settlementDelaySeconds } from "./settlement-delay";
import type { PostingInput } from "./validate-postings";

export type CreditCollectPendingInput = {
  environment: Environment;
  merchantId: string;
  /** The collect transaction (txn_…): one credit per collect, whoever reports its success. */
  reference: string;
  provider: string;
  currency: CurrencyCode;
  /** What the customer paid, in minor units. */
  gross: bigint;
  /** The merchant's collect fee, in minor units, already rounded by the caller's rule (0 ≤ fee ≤ gross). */
  fee: bigint;
  /** When settlement may make the net amount available; default now + the settlement delay. */
  dueAt?: Date;
  metadata?: Record<string, unknown>;
};

/**
 * Collect success (docs/design/ledger.md): the provider owes us the gross amount; the merchant's
 * collect.pending gets gross − fee; fee revenue gets the fee. A settlement row makes the net
 * amount available at `dueAt`, exactly once (settle-due-pending.ts).
 */
export async function creditCollectPending(
  tx: Tx,
  input: CreditCollectPendingInput,
): Promise<{ entry: PostedEntry; net: bigint; dueAt: Date | null }> {
  const { gross, fee, currency } = input;
  if (gross <= 0n || fee < 0n || fee > gross) throw new LedgerError(`Collect credit needs 0 < gross and 0 ≤ fee ≤ gross, got ${gross} and ${fee}.`);
  const net = gross - fee;
  const account = merchantAccount(input.merchantId, currency, "collect");
  const postings: PostingInput[] = [{ account: providerClearing(input.provider, currency), amount: -gross }];
  if (net > 0n) postings.push({ account, bucket: "pending", amount: net });
  if (fee > 0n) postings.push({ account: platformAccount("fee_revenue", currency), amount: fee });

  const entry = await postEntry(tx, {
    idempotencyKey: `collect:${input.reference}:credit`,
    type: "collect_credit",
    environment: input.environment,
    merchantId: input.merchantId,
    postings,
    metadata: { reference: input.reference, provider: input.provider, gross: String(gross), fee: String(fee), ...input.metadata },
  });
  if (net === 0n) return { entry, net, dueAt: null };

  const dueAt = input.dueAt ?? new Date(entry.createdAt.getTime() + settlementDelaySeconds(input.environment) * 1000);
  if (entry.created) {
    await tx.ledgerSettlement.create({ data: { entryId: entry.id, accountId: accountRow(account, input.environment).id, amount: net, dueAt } });
    return { entry, net, dueAt };
  }
  const existing = await tx.ledgerSettlement.findUniqueOrThrow({ where: { entryId: entry.id } });
  return { entry, net, dueAt: existing.dueAt };
}
