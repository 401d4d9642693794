/**
 * lib/ledger — the double-entry ledger: accounts, immutable journal entries, balance guards,
 * settlement, payout holds, balances and reconciliation. Invariants: README.md.
 */
export { MERCHANT_CATEGORIES, type AccountRef, type MerchantCategory, merchantAccount, payoutSourceCategory, platformAccount, providerClearing } from "./accounts";
export { LedgerError } from "./ledger-error";
export { type PostingInput, validatePostings } from "./validate-postings";
export { type EntryType, type PostedEntry, type PostEntryInput, postEntry } from "./post-entry";
export { settlementDelaySeconds } from "./settlement-delay";
export { type CreditCollectPendingInput, creditCollectPending } from "./credit-collect-pending";
export { runSettlement, settleDuePending, settleSandboxNow } from "./settle-due-pending";
export { type HoldPayoutInput, holdPayout, holdPayoutCtes } from "./hold-payout";
export { type FinalisePayoutInput, finalisePayout } from "./finalise-payout";
export { releasePayout } from "./release-payout";
export { type ChargeLateSuccessInput, chargeLateSuccess } from "./charge-late-success";
export { type ReversePayoutInput, reversePayout } from "./reverse-payout";
export { type HoldRefundInput, holdRefund } from "./hold-refund";
export { finaliseRefund } from "./finalise-refund";
export { releaseRefund } from "./release-refund";
export { finaliseDuplicateCharge, type HoldDuplicateChargeInput, holdDuplicateCharge, releaseDuplicateCharge } from "./duplicate-charge";
export { type FundSandboxWalletInput, fundSandboxWallet, fundSandboxWalletAndReadBalance, MAX_SANDBOX_FUNDING_MAJOR } from "./fund-sandbox-wallet";
export { type MoveFundsInput, moveFunds, moveFundsForMerchant } from "./move-funds";
export { grantCredit } from "./grant-credit";
export { type ConvertFundsInput, convertFunds } from "./convert-funds";
export { type CurrencyBalance, type MerchantBalances, readBalances } from "./read-balances";
export { presentBalances, presentCurrencyBalance } from "./present-balances";
export { formatReconcileReport, type ReconcileReport, reconcileLedger } from "./reconcile-ledger";
export { type BalanceMovement, type ListBalanceMovementsInput, listBalanceMovements, listWalletMovementsAfter } from "./list-balance-movements";
export { readStatement, type Statement, type StatementInput } from "./read-statement";
