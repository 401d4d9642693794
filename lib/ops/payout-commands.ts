import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { isAppError } from "@/lib/errors";
import { setPayoutLimits } from "@/lib/payouts/payout-limits";
import { minorToDecimalString } from "@/lib/money";
import { optionalFlag, OpsUsageError, type OpsCommand } from "./command";
import { resolveMerchantId } from "./merchant-commands";
import { getMerchantRow } from "@/lib/merchants/merchant-records";

const FLAGS = { daily: "daily", monthly: "monthly", min: "perTxMin", max: "perTxMax" } as const;

export const merchantSetLimits: OpsCommand = {
  name: "merchant:set-limits",
  summary: "Set a merchant's payout limits (major units of its settlement currency; 'default' resets one)",
  usage: "merchant:set-limits --merchant <id|email> [--daily <amount>] [--monthly <amount>] [--min <amount>] [--max <amount>] [--environment sandbox|production] [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(optionalFlag(args, "merchant") ?? "");
    const environment = (optionalFlag(args, "environment") ?? "sandbox") as AppEnvironment;
    if (environment !== "sandbox" && environment !== "production") throw new OpsUsageError("--environment must be sandbox or production");
    const values: Partial<Record<(typeof FLAGS)[keyof typeof FLAGS], string | null>> = {};
    for (const [flag, key] of Object.entries(FLAGS)) {
      const v = optionalFlag(args, flag);
      if (v === undefined) continue;
      if (v !== "default" && !/^\d+(\.\d+)?$/.test(v)) throw new OpsUsageError(`--${flag} must be a non-negative amount or "default"`);
      values[key] = v === "default" ? null : v;
    }
    if (Object.keys(values).length === 0) throw new OpsUsageError("give at least one of --daily, --monthly, --min, --max");
    const prisma = await getPrisma();
    const merchant = await getMerchantRow(merchantId, prisma);
    let limits;
    try {
      limits = await setPayoutLimits(merchant, environment, values, { actor: "ops" });
    } catch (err) {
      if (isAppError(err) && err.code === "validation_error") throw new OpsUsageError(`${err.message} Fix --min/--max.`);
      throw err;
    }
    const show = (m: bigint) => minorToDecimalString(m, limits.currency);
    const result = { merchantId, environment, currency: limits.currency, daily: show(limits.daily), monthly: show(limits.monthly), min: show(limits.perTxMin), max: show(limits.perTxMax) };
    if (args.flags.json) out(JSON.stringify(result, null, 2));
    else out(`${merchantId} (${environment}) payout limits in ${result.currency}: daily ${result.daily}, monthly ${result.monthly}, per transaction ${result.min} to ${result.max}`);
  },
};
