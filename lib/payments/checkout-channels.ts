import type { AppEnvironment } from "@/lib/config";
import { availableProviders, providerKey } from "@/lib/connectors/get-route";
import { getCatalogue } from "@/lib/reference";

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
