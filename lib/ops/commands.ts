import type { OpsCommand } from "./command";
import { keysRotate, merchantCreate, merchantList, merchantSetPlan } from "./merchant-commands";

/** Every operator command. Domains add theirs here. */
export const opsCommands: OpsCommand[] = [merchantCreate, merchantList, merchantSetPlan, keysRotate];
