import { airtelOperator } from "./airtel";
import { mpesaOperator } from "./mpesa";
import { mtnOperator } from "./mtn";
import type { OperatorUnderTest } from "./operator";
import { orangeOperator } from "./orange";
import { pawapayOperator } from "./pawapay";
import { waveOperator } from "./wave";

/**
 * The six operators, each a fresh simulator per seed with connector account ids of the seed's
 * own (a connector's in-process token cache is kept per account: a seed never meets another's).
 * M-Pesa's account id avoids "mpesa", which Daraja refuses in callback URLs.
 */
const FACTORIES: Record<string, { prefix: string; make: (accountId: string) => OperatorUnderTest }> = {
  pawapay: { prefix: "pawapay", make: pawapayOperator },
  mtn: { prefix: "mtn", make: mtnOperator },
  wave: { prefix: "wave", make: waveOperator },
  orange: { prefix: "orange", make: orangeOperator },
  airtel: { prefix: "airtel", make: airtelOperator },
  mpesa: { prefix: "safaricom", make: mpesaOperator },
};

export const OPERATOR_NAMES = Object.keys(FACTORIES);

/** The markets merchants come from, and their currency. */
export const MARKETS = [
  { country: "SN", currency: "XOF" },
  { country: "CI", currency: "XOF" },
  { country: "GA", currency: "XAF" },
  { country: "KE", currency: "KES" },
] as const;
export type Market = (typeof MARKETS)[number];

export function operatorsFor(seed: number, names: string[] = OPERATOR_NAMES): OperatorUnderTest[] {
  return names.map((name) => {
    const factory = FACTORIES[name];
    if (!factory) throw new Error(`unknown operator ${name} (${OPERATOR_NAMES.join(", ")})`);
    return factory.make(`${factory.prefix}-s${seed}`);
  });
}

/** The operators a run with merchants in `markets` needs: every one serving those countries, fallbacks included. */
export function operatorsServing(all: OperatorUnderTest[], markets: readonly Market[]): OperatorUnderTest[] {
  const countries = new Set<string>(markets.map((m) => m.country));
  return all.filter((o) => o.routes.some((r) => countries.has(r.country)));
}
