import type { OpsCommand } from "./command";
import { connectorCommands } from "./connector-commands";
import { jobCommands } from "./job-commands";
import { ledgerBench, ledgerReconcile, ledgerSettle, merchantGrantCredit, merchantSetBalanceMode } from "./ledger-commands";
import { keysRevoke, keysRotate, merchantCreate, merchantList, merchantSetPlan } from "./merchant-commands";
import { merchantSetLimits } from "./payout-commands";
import { referenceCommands } from "./reference-commands";
import { merchantVerify } from "./verification-commands";
import { dashboardResetTwoFactor, dashboardSeedPayments } from "./dashboard-commands";
import { webhookCommands } from "./webhook-commands";

/** Every operator command. Domains add theirs here. */
export const opsCommands: OpsCommand[] = [
  merchantCreate,
  merchantList,
  merchantSetPlan,
  merchantSetLimits,
  keysRotate,
  keysRevoke,
  merchantVerify,
  dashboardSeedPayments,
  dashboardResetTwoFactor,
  merchantSetBalanceMode,
  merchantGrantCredit,
  ledgerReconcile,
  ledgerSettle,
  ledgerBench,
  ...referenceCommands,
  ...webhookCommands,
  ...connectorCommands,
  ...jobCommands,
];
