import type { MerchantScope } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { isSealedWithCurrentKey, openWebhookSecret, sealWebhookSecret } from "./seal-webhook-secret";

/**
 * Brings every stored webhook secret under the current WEBHOOK_SECRET_KEYS key: plaintext rows
 * from before encryption, and rows sealed with an older key after a key rotation. Run at server
 * start and by `ops webhook:reencrypt`; idempotent, and safe beside a running server: each row
 * is updated only if it still holds what was read (a rotation meanwhile wins).
 * Returns how many rows were rewritten.
 */
export async function reencryptWebhookSecrets(): Promise<{ rewritten: number; checked: number }> {
  const prisma = await getPrisma();
  let rewritten = 0;
  let checked = 0;
  let cursor: MerchantScope | undefined;
  for (;;) {
    const batch = await prisma.webhookEndpoint.findMany({
      take: 500,
      ...(cursor ? { skip: 1, cursor: { merchantId_environment: cursor } } : {}),
      orderBy: [{ merchantId: "asc" }, { environment: "asc" }],
      select: { merchantId: true, environment: true, secret: true, previousSecret: true },
    });
    if (batch.length === 0) break;
    for (const row of batch) {
      checked++;
      const stale = (value: string | null) => value !== null && !isSealedWithCurrentKey(value);
      if (!stale(row.secret) && !stale(row.previousSecret)) continue;
      const reseal = (value: string | null) => (value === null ? null : sealWebhookSecret(openWebhookSecret(value, row), row));
      const updated = await prisma.webhookEndpoint.updateMany({
        where: { merchantId: row.merchantId, environment: row.environment, secret: row.secret, previousSecret: row.previousSecret },
        data: { secret: reseal(row.secret)!, previousSecret: reseal(row.previousSecret) },
      });
      rewritten += updated.count;
    }
    const last = batch[batch.length - 1];
    cursor = { merchantId: last.merchantId, environment: last.environment };
  }
  return { rewritten, checked };
}
