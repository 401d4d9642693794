/**
 * lib/reconciliation — our orders against the operators' own records (README.md,
 * docs/design/reconciliation.md).
 */
export { reconcileAccount, type ReconcileInput, type ReconcileResult } from "./reconcile-account";
export { importStatement, type ImportInput, type ImportResult } from "./import-statement";
export { recordUnknownCallbackReference } from "./record-unknown-callback";
export { resolveMismatch } from "./resolve-mismatch";
export { listMismatches, listRuns } from "./list-mismatches";
export { reconcilePreviousDay } from "./sweep";
export { MISMATCH_KINDS, type MismatchKind } from "./mismatch-kinds";
export type { FoundMismatch } from "./store-mismatch";
