import { type Db, getPrisma } from "@/lib/db/client";
import type { PaymentChannel } from "@/lib/db/generated/client";

/** The catalogue's channels as stored (the ops listing), filtered by country, provider and direction when given. */
export async function listChannelRows(filter: { country?: string; provider?: string; direction?: "collect" | "payout" }, db?: Db): Promise<PaymentChannel[]> {
  return (db ?? (await getPrisma())).paymentChannel.findMany({
    where: { countryCode: filter.country, providerCode: filter.provider, ...(filter.direction ? { direction: filter.direction } : {}) },
    orderBy: [{ countryCode: "asc" }, { direction: "asc" }, { priority: "asc" }, { providerCode: "asc" }],
  });
}
