import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { type Catalogue, type Channel, type Direction, channelKey } from "./catalogue-types";
import { getCatalogue } from "./get-catalogue";
import { isProviderCode, PROVIDER_CODES } from "./provider-codes";

/**
 * The active channel for (provider, country, currency, direction), with its amount bounds.
 * Throws AppError `provider_unavailable` (400) with a message saying why: unknown provider code,
 * not offered there, or switched off by an operator.
 */
export async function getChannel(
  provider: string,
  country: string,
  currency: string,
  direction: Direction,
  options: { db?: Db } = {},
): Promise<Channel> {
  return channelFrom(await getCatalogue(options.db), provider, country, currency, direction);
}

export function channelFrom(catalogue: Catalogue, provider: string, country: string, currency: string, direction: Direction): Channel {
  if (!isProviderCode(provider)) {
    throw new AppError("provider_unavailable", `Unknown provider "${provider}". Valid provider codes: ${PROVIDER_CODES.join(", ")}.`);
  }
  const channel = catalogue.channelByKey.get(channelKey(provider, country, currency, direction));
  const what = direction === "collect" ? "payments" : "payouts";
  if (!channel) {
    throw new AppError(
      "provider_unavailable",
      `Provider ${provider} does not offer ${what} in ${country} in ${currency}. See GET /providers/payment-methods?country=${country}&method=${direction}.`,
    );
  }
  if (!channel.active) {
    throw new AppError("provider_unavailable", `Provider ${provider} is temporarily unavailable for ${what} in ${country} (${currency}).`);
  }
  return channel;
}
