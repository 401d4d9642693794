import type { OpsCommand } from "./command";
import { keysRotate, merchantCreate, merchantList, merchantSetPlan } from "./merchant-commands";
import { webhookCommands } from "./webhook-commands";

/** Every operator command. Domains add theirs here. */
export const opsCommands: OpsCommand[] = [merchantCreate, merchantList, merchantSetPlan, keysRotate, ...webhookCommands];
