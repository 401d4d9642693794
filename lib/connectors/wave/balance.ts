import { isCurrency } from "@/lib/money";
import { balanceMinor } from "../balance-minor";
import { OperatorConfigurationError, OperatorUnavailableError } from "../operator-errors";
import { parseJsonObject } from "../parse-json-object";
import { type WaveContext, waveRequest } from "./client";

/**
 * Our float at Wave (README "Balance"): `GET /v1/balance` gives what the key's business wallet
 * holds, `{"amount": "150000", "currency": "XOF"}` in the answers we rely on. Clients disagree
 * on the details, so every plausible shape is read: the amount as a whole or decimal string
 * ("150000.00"), under `amount` or `balance`, or a JSON number. One wallet per key: every order
 * of the account moves it. Throws when Wave does not answer it, or answers another currency.
 */
export const WAVE_WALLET = "wallet";

export async function waveFloat(context: WaveContext): Promise<{ wallet: string; currency: string; balanceMinor: bigint }[]> {
  const currency = context.account.settings.currency;
  if (!isCurrency(currency)) throw new OperatorConfigurationError("wave", `the account's currency ${currency} is not one we know`);
  const response = await waveRequest(context, { operation: "reconcile.balance", method: "GET", path: "/v1/balance" });
  const body = response.status === 200 ? parseJsonObject(response.text) : null;
  if (!body) throw new OperatorUnavailableError("wave", `GET /v1/balance answered HTTP ${response.status}${codeOf(response.text)}`);
  const answered = typeof body.currency === "string" ? body.currency : null;
  if (answered && answered !== currency) throw new OperatorUnavailableError("wave", `GET /v1/balance answered in ${answered}, not ${currency}`);
  const balanceMinor = balanceAmountMinor(body.amount ?? body.balance, currency);
  if (balanceMinor === null) throw new OperatorUnavailableError("wave", "GET /v1/balance gave no amount we can read");
  return [{ wallet: WAVE_WALLET, currency, balanceMinor }];
}

/** A balance as Wave writes it (decimal string, or a whole JSON number; major units) in minor units, or null. */
export const balanceAmountMinor = (value: unknown, currency: string): bigint | null => balanceMinor(value, currency);

function codeOf(text: string): string {
  const code = parseJsonObject(text)?.code;
  return typeof code === "string" ? ` (${code})` : "";
}
