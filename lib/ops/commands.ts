import type { OpsCommand } from "./command";
import { connectorCommands } from "./connector-commands";
import { jobCommands } from "./job-commands";
import { ledgerReconcile, ledgerSettle, merchantGrantCredit, merchantSetBalanceMode } from "./ledger-commands";
import { keysRevoke, keysRotate, merchantCreate, merchantList, merchantSetPlan } from "./merchant-commands";
import { orderCommands } from "./order-commands";
import { merchantSetLimits } from "./payout-commands";
import { reconciliationCommands } from "./reconciliation-commands";
import { referenceCommands } from "./reference-commands";
import { merchantVerify } from "./verification-commands";
import { dashboardRebuildVolumes, dashboardResetTwoFactor, dashboardSeedPayments } from "./dashboard-commands";
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
  dashboardRebuildVolumes,
  dashboardResetTwoFactor,
  merchantSetBalanceMode,
  merchantGrantCredit,
  ledgerReconcile,
  ledgerSettle,
  ...referenceCommands,
  ...webhookCommands,
  ...connectorCommands,
  ...jobCommands,
  ...orderCommands,
  ...reconciliationCommands,
];
