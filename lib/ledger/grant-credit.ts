import type { Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { CurrencyCode } from "@/lib/money";
import { merchantAccount, platformAccount } from "./accounts";
import { type PostedEntry, postEntry } from "./post-entry";
import { writeAudit } from "@/lib/audit/write-audit";

/**
 * Operator-granted credit (docs/design/ledger.md): into the merchant's `credit.available`, from the
 * platform's credit grants account. Shown in the balance; payouts do not draw on it yet.
 */
export async function grantCredit(
  tx: Tx,
  input: { environment: Environment; merchantId: string; currency: CurrencyCode; amount: bigint; reason: string; actor: string; reference?: string },
): Promise<PostedEntry> {
  if (input.amount <= 0n) throw new AppError("invalid_amount", "Amount must be greater than zero.");
  const entry = await postEntry(tx, {
    idempotencyKey: `credit_grant:${input.reference ?? newId("je")}`,
    type: "credit_grant",
    environment: input.environment,
    merchantId: input.merchantId,
    postings: [
      { account: platformAccount("credit_grants", input.currency), amount: -input.amount },
      { account: merchantAccount(input.merchantId, input.currency, "credit"), amount: input.amount },
    ],
    metadata: { reason: input.reason, actor: input.actor },
  });
  if (entry.created) {
    await writeAudit(tx, {
      merchantId: input.merchantId,
      environment: input.environment,
      actor: input.actor,
      action: "ledger.credit_granted",
      details: { entryId: entry.id, currency: input.currency, amount: String(input.amount), reason: input.reason },
    });
  }
  return entry;
}
