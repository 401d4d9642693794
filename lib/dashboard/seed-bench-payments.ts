import { randomBytes } from "node:crypto";
import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import type { PaymentStatus } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getMerchantRow } from "@/lib/merchants/merchant-records";
import { insertPaymentRows } from "@/lib/payments/payment-records";

const STATUSES: PaymentStatus[] = ["success", "success", "success", "failed", "expired", "pending", "cancelled"];
const PROVIDERS = ["orange", "wave", "free"];

/**
 * Sandbox only: `count` synthetic payments spread over the last 28 days (all inside the overview chart), so the dashboard's
 * render time can be measured at a realistic size (npm run bench). Rows only: no ledger
 * entries, events or jobs.
 */
export async function seedBenchPayments(merchantId: string, count: number, now = new Date()): Promise<number> {
  if (appEnv() !== "sandbox") throw new AppError("invalid_state", "Synthetic payments are for the sandbox only.");
  const prisma = await getPrisma();
  await getMerchantRow(merchantId, prisma);
  const run = randomBytes(4).toString("hex");
  let created = 0;
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, j) => {
      const i = start + j;
      const createdAt = new Date(now.getTime() - Math.floor(((i * 7919) % 1000) / 1000 * 28 * 86_400_000));
      const status = STATUSES[i % STATUSES.length];
      return {
        id: newId("txn", createdAt.getTime()),
        merchantId,
        environment: "sandbox" as const,
        type: "direct" as const,
        status,
        amount: BigInt(500 + ((i * 37) % 50_000)),
        currency: "XOF",
        provider: PROVIDERS[i % PROVIDERS.length],
        country: "SN",
        customerPhone: "+221770000012",
        externalReference: `bench-${run}-${i}`,
        checkoutToken: `bench${run}${i}${randomBytes(8).toString("hex")}`,
        expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
        completedAt: status === "success" || status === "failed" ? new Date(createdAt.getTime() + 60_000) : null,
        createdAt,
      };
    });
    created += await insertPaymentRows(rows, prisma);
  }
  return created;
}
