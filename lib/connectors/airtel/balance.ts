import type { Direction } from "../connector";
import { isCurrency } from "@/lib/money";
import { balanceMinor } from "../balance-minor";
import { OperatorConfigurationError, OperatorUnavailableError } from "../operator-errors";
import { parseJsonObject } from "../parse-json-object";
import { callAirtel, type Context } from "./client";
import type { AirtelProduct } from "./settings";

/**
 * Our float at Airtel (README "Balance"): `GET /standard/v1/users/balance` (bearer, X-Country,
 * X-Currency like every call) answers `{"data": {"balance", "currency", "account_status"},
 * "status": {…}}` for one wallet of the app, the one the account's `balanceWallet` names. The
 * balance is a string in major units, written with thousands separators in the one copy of
 * the answer we found ("37,600.00") and without them in the clients; a JSON number is read too.
 */
export async function airtelFloat(context: Context): Promise<{ wallet: AirtelProduct; currency: string; balanceMinor: bigint }[]> {
  const s = context.account.settings;
  if (!isCurrency(s.currency)) throw new OperatorConfigurationError("airtel", `the account's currency ${s.currency} is not one we know`);
  const response = await callAirtel(context, { operation: "reconcile.balance", method: "GET", path: "/standard/v1/users/balance" });
  const body = parseJsonObject(response.text);
  const status = (body?.status ?? {}) as { success?: unknown; response_code?: unknown; result_code?: unknown; message?: unknown };
  const data = (body?.data ?? null) as { balance?: unknown; currency?: unknown } | null;
  if (response.status !== 200 || !data || status.success === false) {
    const code = [status.response_code, status.result_code].find((c) => typeof c === "string");
    throw new OperatorUnavailableError("airtel", `users/balance answered HTTP ${response.status}${code ? ` (${String(code)})` : ""}`);
  }
  if (typeof data.currency === "string" && data.currency !== s.currency) throw new OperatorUnavailableError("airtel", `users/balance answered in ${data.currency}, not ${s.currency}`);
  const balanceMinor = airtelBalanceMinor(data.balance, s.currency);
  if (balanceMinor === null) throw new OperatorUnavailableError("airtel", "users/balance gave no balance we can read");
  return [{ wallet: s.balanceWallet, currency: s.currency, balanceMinor }];
}

/** The wallet an order moves: collects land in collection and refunds leave it; payouts leave disbursement. */
export function airtelWalletOf(direction: Direction): AirtelProduct {
  return direction === "payout" ? "disbursement" : "collection";
}

/** "37,600.00", "37600.00", "37600" or 37600 (major units) in minor units, or null. Commas only as thousands separators. */
export const airtelBalanceMinor = (value: unknown, currency: string): bigint | null => balanceMinor(value, currency, { thousandsCommas: true, fractionalNumbers: true });
