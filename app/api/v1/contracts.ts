import type { RouteContract } from "@/lib/http/contract";
import { activeCountriesContract } from "./countries/active/contract";
import { healthContract } from "./health/contract";
import { balanceContract } from "./payments/balance/contract";
import { fundWalletContract } from "./sandbox/wallets/fund/contract";
import { openApiContract } from "./openapi.json/contract";
import { paymentProvidersContract } from "./payments/providers/contract";
import { corridorsContract } from "./payouts/reference/corridors/contract";
import { purposesContract } from "./payouts/reference/purposes/contract";
import { paymentMethodsContract } from "./providers/payment-methods/contract";

/**
 * Every route contract under /api/v1, in the order the reference shows them. A test checks
 * that each route.ts file has its contract here.
 */
export const contracts: RouteContract[] = [
  paymentProvidersContract,
  balanceContract,
  paymentMethodsContract,
  activeCountriesContract,
  corridorsContract,
  purposesContract,
  healthContract,
  fundWalletContract,
  openApiContract,
];
