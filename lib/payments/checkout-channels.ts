import type { AppEnvironment } from "@/lib/config";
import { availableProviders, providerKey } from "@/lib/connectors/get-route";
import type { AppError } from "@/lib/errors";
import { minorToDecimalString } from "@/lib/money";
import { type Channel, channelTakes, checkWholeUnits, getCatalogue } from "@/lib/reference";

/**
 * The one rule for what the hosted checkout can serve in a country and currency, whatever the
 * amount: active collect channels of mobile-money operators with a usable route in this
 * environment, in catalogue order. Bank transfer and crypto channels exist in the catalogue but
 * need flows the page lacks (account details, a wallet address), so they are never offered —
 * not on the page, not as deep links, and not as the reason an amount is accepted at initiate.
 */
export async function checkoutChannels(environment: AppEnvironment, country: string, currency: string) {
  const catalogue = await getCatalogue();
  // null in sandbox (every provider); else the (country, provider) pairs with a usable account.
  const available = await availableProviders(environment, "collect");
  return catalogue.channels.filter(
    (c) =>
      c.direction === "collect" &&
      c.active &&
      catalogue.providerByCode.get(c.providerCode)?.kind === "mobile_money" &&
      c.countryCode === country &&
      c.currency === currency &&
      (!available || available.has(providerKey(c.countryCode, c.providerCode))),
  );
}

/** The widest bounds those channels accept, minor units; null when there is none. */
export function channelBounds(channels: Pick<Channel, "minAmount" | "maxAmount">[]): { min: bigint; max: bigint } | null {
  if (channels.length === 0) return null;
  let min = channels[0].minAmount;
  let max = channels[0].maxAmount;
  for (const c of channels) {
    if (c.minAmount < min) min = c.minAmount;
    if (c.maxAmount > max) max = c.maxAmount;
  }
  return { min, max };
}

/** Whether some channel takes exactly this amount (bounds, and whole units where it takes no cents). */
export const someChannelTakes = (channels: Channel[], amount: bigint) => channels.some((c) => channelTakes(c, amount));

/**
 * Throws unless some of the (non-empty) channels takes `amount`. Within some channel's bounds,
 * when each such channel takes whole units only, the refusal names that rule (checkWholeUnits);
 * otherwise it is the caller's (`outside`), given the channels' widest bounds as
 * "from <min> to <max> <currency>".
 */
export function assertSomeChannelTakes(channels: Channel[], amount: bigint, outside: (range: string) => AppError): void {
  if (someChannelTakes(channels, amount)) return;
  const inBounds = channels.find((c) => amount >= c.minAmount && amount <= c.maxAmount);
  if (inBounds) checkWholeUnits(inBounds, amount);
  const { min, max } = channelBounds(channels)!;
  const { currency } = channels[0];
  throw outside(`from ${minorToDecimalString(min, currency)} to ${minorToDecimalString(max, currency)} ${currency}`);
}
