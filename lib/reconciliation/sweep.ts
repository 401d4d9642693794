import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { log } from "@/lib/log";
import { reconcileAccount } from "./reconcile-account";
import { AlreadyReconciled } from "./runs";
import { listConnectorAccounts } from "@/lib/connectors/connector-records";

/**
 * The daily sweep (lib/platform/periodic-tasks.ts): the previous UTC day reconciled for every
 * connector account of this environment, once per account and day whichever worker or restart
 * gets there first (the run's sweep key). An account whose operator cannot be read is logged and
 * left for the next sweep, which takes the claim again two hours after an unfinished one.
 */
export type SweepSummary = { day: string; accounts: { accountId: string; outcome: "reconciled" | "already" | "failed"; mismatches?: number; detail?: string }[] };

export async function reconcilePreviousDay(options: { now?: Date } = {}): Promise<SweepSummary> {
  const now = options.now ?? new Date();
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - 24 * 3600_000);
  const day = from.toISOString().slice(0, 10);
  const prisma = await getPrisma();
  const accounts = await listConnectorAccounts(appEnv(), prisma);
  const summary: SweepSummary = { day, accounts: [] };
  for (const { id } of accounts) {
    try {
      const result = await reconcileAccount(prisma, { accountId: id, from, to, now, trigger: "sweep", sweepKey: `${id}:${day}` });
      summary.accounts.push({ accountId: id, outcome: "reconciled", mismatches: result.mismatches.length });
    } catch (err) {
      if (err instanceof AlreadyReconciled) {
        summary.accounts.push({ accountId: id, outcome: "already" });
        continue;
      }
      log.error("the daily reconciliation of an account failed; the sweep tries again later", { accountId: id, day, error: (err as Error).message });
      summary.accounts.push({ accountId: id, outcome: "failed", detail: (err as Error).message });
    }
  }
  return summary;
}
