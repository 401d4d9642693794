import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma } from "@/lib/db/client";
import type { Payout } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";

/** A payout of this merchant in this environment; 404 otherwise (never reveals another merchant's). */
export async function getPayoutOrThrow(scope: Pick<ApiAuth, "environment"> & { merchant: { id: string } }, payoutId: string): Promise<Payout> {
  const payout = await (await getPrisma()).payout.findFirst({ where: { id: payoutId, merchantId: scope.merchant.id, environment: scope.environment } });
  if (!payout) throw new AppError("not_found", `Payout ${payoutId} not found.`);
  return payout;
}
