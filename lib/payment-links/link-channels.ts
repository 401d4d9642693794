import type { AppEnvironment } from "@/lib/config";
import { checkoutChannels } from "@/lib/payments/checkout-channels";
import type { Channel } from "@/lib/reference";

/**
 * The checkout channels a link can use: the hosted checkout's own rule (checkoutChannels: mobile
 * money with a usable route) for each of its countries and its currency, narrowed to its methods
 * when it names some. One rule for the link's creation, its page and its checkout.
 */
export async function linkChannels(environment: AppEnvironment, link: { countries: string[]; currency: string; methods: string[] }, country?: string): Promise<Channel[]> {
  const countries = country ? link.countries.filter((c) => c === country) : link.countries;
  const all = (await Promise.all(countries.map((c) => checkoutChannels(environment, c, link.currency)))).flat();
  return link.methods.length === 0 ? all : all.filter((c) => link.methods.includes(c.providerCode));
}
