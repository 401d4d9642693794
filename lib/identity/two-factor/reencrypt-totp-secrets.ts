import { getPrisma } from "@/lib/db/client";
import { webhookSecretKeyring } from "@/lib/webhooks/webhook-secret-keyring";
import { openTotpSecret, sealTotpSecret } from "./totp";

/**
 * Brings every stored TOTP secret under the current at-rest key (the first of
 * WEBHOOK_SECRET_KEYS), as reencryptWebhookSecrets does for webhook secrets: after a key
 * rotation, once both have run, the old key can be removed without locking anyone out of
 * two-factor sign-in. Idempotent and safe beside a running server: a row is rewritten only if it
 * still holds what was read. Returns how many rows were rewritten of how many hold a secret.
 */
export async function reencryptTotpSecrets(): Promise<{ rewritten: number; checked: number }> {
  const prisma = await getPrisma();
  const current = webhookSecretKeyring().current.kid;
  let rewritten = 0;
  let checked = 0;
  let cursor: string | undefined;
  for (;;) {
    const batch = await prisma.dashboardUser.findMany({
      where: { totpSecret: { not: null } },
      take: 500,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      orderBy: { id: "asc" },
      select: { id: true, totpSecret: true },
    });
    if (batch.length === 0) break;
    for (const row of batch) {
      checked++;
      const stored = row.totpSecret!;
      if (stored.split(":")[1] === current) continue; // t1:<kid>:…
      const resealed = sealTotpSecret(openTotpSecret(stored, row.id), row.id);
      const updated = await prisma.dashboardUser.updateMany({ where: { id: row.id, totpSecret: stored }, data: { totpSecret: resealed } });
      rewritten += updated.count;
    }
    cursor = batch[batch.length - 1].id;
  }
  return { rewritten, checked };
}
