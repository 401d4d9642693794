import type { RouteContract } from "@/lib/http/contract";
import { healthContract } from "./health/contract";
import { balanceContract } from "./payments/balance/contract";
import { fundWalletContract } from "./sandbox/wallets/fund/contract";
import { openApiContract } from "./openapi.json/contract";

/**
 * Every route contract under /api/v1, in the order the reference shows them. A test checks
 * that each route.ts file has its contract here.
 */
export const contracts: RouteContract[] = [healthContract, openApiContract, balanceContract, fundWalletContract];
