import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import type { BalanceMode } from "@/lib/db/generated/client";
import { grantCredit } from "@/lib/ledger/grant-credit";
import { formatReconcileReport, reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { BALANCE_MODES, setBalanceMode } from "@/lib/merchants/set-balance-mode";
import { getCurrency, minorToDecimalString, toMinor } from "@/lib/money";
import { optionalFlag, OpsUsageError, requireFlag, type OpsCommand } from "./command";
import { resolveMerchantId } from "./merchant-commands";

const json = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v), 2);

export const ledgerReconcile: OpsCommand = {
  name: "ledger:reconcile",
  summary: "Recompute every account from its postings, check every entry sums to zero; exit 1 on any difference",
  usage: "ledger:reconcile [--merchant <id|email>] [--json]",
  async run(args, out) {
    const ref = optionalFlag(args, "merchant");
    const report = await reconcileLedger(ref ? { merchantIds: [await resolveMerchantId(ref)] } : {});
    if (args.flags.json) out(json(report));
    else formatReconcileReport(report).forEach((line) => out(line));
    return report.ok ? 0 : 1;
  },
};

export const ledgerSettle: OpsCommand = {
  name: "ledger:settle",
  summary: "Run the settlement sweep now (collect credits whose settlement delay has passed)",
  usage: "ledger:settle [--merchant <id|email>]",
  async run(args, out) {
    const ref = optionalFlag(args, "merchant");
    const { settled } = await runSettlement(ref ? { merchantId: await resolveMerchantId(ref) } : {});
    out(`Settled ${settled} collect credit(s).`);
  },
};

export const merchantSetBalanceMode: OpsCommand = {
  name: "merchant:set-balance-mode",
  summary: "unified (payouts draw on collect, the default) or separate (payouts draw on payout)",
  usage: "merchant:set-balance-mode --merchant <id|email> --mode unified|separate",
  async run(args, out) {
    const mode = requireFlag(args, "mode");
    if (!BALANCE_MODES.includes(mode as BalanceMode)) throw new OpsUsageError(`--mode must be one of ${BALANCE_MODES.join(", ")}`);
    const merchant = await setBalanceMode(await resolveMerchantId(requireFlag(args, "merchant")), mode as BalanceMode, "ops");
    out(`${merchant.id} is now in ${merchant.balanceMode} balance mode (payouts draw on ${mode === "separate" ? "payout" : "collect"})`);
  },
};

export const merchantGrantCredit: OpsCommand = {
  name: "merchant:grant-credit",
  summary: "Grant credit to a merchant's credit wallet in this deployment's environment",
  usage: "merchant:grant-credit --merchant <id|email> --currency <XOF|…> --amount <major units> [--reason <text>]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const currency = getCurrency(requireFlag(args, "currency").toUpperCase()).code;
    const amount = toMinor(requireFlag(args, "amount"), currency);
    const prisma = await getPrisma();
    const entry = await prisma.$transaction((tx) =>
      grantCredit(tx, { environment: appEnv(), merchantId, currency, amount, reason: optionalFlag(args, "reason") ?? "operator grant", actor: "ops" }),
    );
    out(`Granted ${minorToDecimalString(amount, currency)} ${currency} of credit to ${merchantId} (${appEnv()}), entry ${entry.id}`);
  },
};
