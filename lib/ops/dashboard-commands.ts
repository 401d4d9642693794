import { compareDailyVolumes, dailyVolumeOwners, rebuildDailyVolumes } from "@/lib/dashboard/daily-volumes";
import { seedBenchPayments } from "@/lib/dashboard/seed-bench-payments";
import { resetTwoFactor } from "@/lib/identity/two-factor/reset-two-factor";
import { optionalFlag, OpsUsageError, requireFlag, type OpsCommand } from "./command";
import { resolveMerchantId } from "./merchant-commands";

export const dashboardSeedPayments: OpsCommand = {
  name: "dashboard:seed-payments",
  summary: "Sandbox: add synthetic payments over the last 30 days to a merchant (dashboard benchmark)",
  usage: "dashboard:seed-payments --merchant <id|email> [--count 10000]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const count = Number(optionalFlag(args, "count") ?? 10_000);
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000) throw new OpsUsageError("--count must be an integer from 1 to 1000000");
    out(`Created ${await seedBenchPayments(merchantId, count)} payments for ${merchantId}`);
  },
};

export const dashboardResetTwoFactor: OpsCommand = {
  name: "dashboard:reset-two-factor",
  summary: "Turn off a dashboard user's two-factor sign-in (lost phone and recovery codes; check who is asking first)",
  usage: "dashboard:reset-two-factor --email <address>",
  async run(args, out) {
    const done = await resetTwoFactor(requireFlag(args, "email"), "ops");
    if (!done) {
      out("No dashboard user with this e-mail address.");
      return 1;
    }
    out(`Two-factor sign-in turned off for ${done.userId} (merchant ${done.merchantId}); their sessions have ended.`);
  },
};

export const dashboardRebuildVolumes: OpsCommand = {
  name: "dashboard:rebuild-volumes",
  summary: "Recompute the overview's daily volumes (table daily_volumes) from the payments and payouts; --check compares them without writing",
  usage: "dashboard:rebuild-volumes [--merchant <id|email>] [--check]",
  async run(args, out) {
    const merchant = optionalFlag(args, "merchant");
    const merchantId = merchant ? await resolveMerchantId(merchant) : null;
    if (args.flags.check === true) {
      const owners = await dailyVolumeOwners(merchantId);
      let differences = 0;
      for (const o of owners) {
        for (const d of await compareDailyVolumes({ merchantId: o.merchant_id, environment: o.environment }, { from: "0001-01-01", to: "9999-12-31" })) {
          differences++;
          out(`${o.merchant_id} ${o.environment} ${d.kind} ${d.currency} ${d.day}: rollup ${d.rollup}, rows ${d.rows}`);
        }
      }
      out(differences === 0 ? `Daily volumes exact for ${owners.length} merchant environment(s).` : `${differences} day(s) differ: run without --check to rebuild.`);
      return differences === 0 ? 0 : 1;
    }
    out(`Daily volumes rebuilt${merchantId ? ` for ${merchantId}` : ""}: ${await rebuildDailyVolumes(merchantId)} rows.`);
  },
};
