import type { Payout } from "@/lib/db/generated/client";
import { convertMinor, fromMinor, invertRate } from "@/lib/money";
import { rateNumber } from "./quote-view";

type Json = Record<string, unknown>;
const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

/**
 * The spec's Payout resource with every populated field: what GET /payouts/status returns, what
 * initiate returns (201) and the `data` of every payout.* webhook event. Absent values are
 * omitted, not null ("all populated fields").
 *
 * `amount`, `fees` and `netAmount` are in the payout `currency`: the beneficiary side receives
 * `amount` in full (fees are debited on top), so `netAmount` = `amount`; when the wallet debited
 * is in another currency, `fees` is the debited fee converted back at 1 / debit.conversionRate
 * and `debit` tells exactly what left which wallet.
 */
export function payoutView(p: Payout) {
  const fees = p.feeCurrency === p.currency ? p.fees : convertMinor(p.fees, p.feeCurrency as never, p.currency as never, invertRate(p.debitConversionRate), "half-up");
  const sender = p.sender as Json | null;
  const view: Json = {
    transactionId: p.id,
    ...(p.externalReference ? { externalReference: p.externalReference } : {}),
    status: p.status,
    amount: fromMinor(p.amount, p.currency),
    currency: p.currency,
    fees: fromMinor(fees, p.currency),
    netAmount: fromMinor(p.amount, p.currency),
    method: p.method,
    type: p.type,
    ...(sender ? { sender: { firstName: sender.firstName, lastName: sender.lastName, nationality: sender.nationality } } : {}),
    recipient: p.recipient as Json,
    ...(p.mobileWallet ? { mobileWallet: p.mobileWallet as Json } : {}),
    ...(p.bankAccount ? { bankAccount: p.bankAccount as Json } : {}),
    ...(p.correspondentBank ? { correspondentBank: p.correspondentBank as Json } : {}),
    ...(p.international || p.destinationCurrency !== p.currency
      ? {
          international: {
            destinationCountry: p.destinationCountry,
            destinationCurrency: p.destinationCurrency,
            destinationAmount: fromMinor(p.destinationAmount, p.destinationCurrency),
            fxRate: rateNumber(p.fxRate ?? "1"),
            ...(p.purpose ? { purpose: p.purpose } : {}),
          },
        }
      : {}),
    debit: { amount: fromMinor(p.debitAmount, p.debitCurrency), currency: p.debitCurrency, conversionRate: rateNumber(p.debitConversionRate) },
    ...(p.providerReference ? { providerReference: p.providerReference } : {}),
    // Ours, beyond the spec's fields (docs/design/connectors.md): why a pending payout is not sent yet.
    ...(p.status === "pending" && p.queuedReason ? { queuedReason: p.queuedReason } : {}),
    ...(p.errorCode ? { errorCode: p.errorCode } : {}),
    ...(p.errorMessage ? { errorMessage: p.errorMessage } : {}),
    ...(p.description ? { description: p.description } : {}),
    ...(p.metadata ? { metadata: p.metadata as Json } : {}),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    ...(p.processedAt ? { processedAt: iso(p.processedAt) } : {}),
    ...(p.completedAt ? { completedAt: iso(p.completedAt) } : {}),
    // The principal came back to the wallet debited; the fees did not. The fee is priced in the
    // debited currency, as the hold took it (docs/decisions/payout-reversals.md).
    ...(p.status === "reversed" && p.reversedAt
      ? { reversal: { reversedAt: iso(p.reversedAt), credited: { amount: fromMinor(p.debitAmount - p.fees, p.debitCurrency), currency: p.debitCurrency } } }
      : {}),
  };
  return view;
}

