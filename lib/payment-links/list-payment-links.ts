import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { pageMeta, toPage } from "@/lib/http/pagination";
import type { LinkScope } from "./create-payment-link";
import { linkTotals } from "./link-totals";
import type { ListPaymentLinksQuery } from "./payment-link-schemas";
import { paymentLinkView } from "./payment-link-views";
import { paidThroughLinkCountSql } from "@/lib/payments/payment-records";

/**
 * GET /payment-links: the merchant's links, newest first, each with its totals (one statement
 * for the page's totals). The `status` filter is on the derived state (link-status.ts): expired
 * and active are read from the columns; completed and active also need the paid count, which the
 * filter computes in SQL the same way (successful or refunded payments).
 */
export async function listPaymentLinks(scope: LinkScope, query: ListPaymentLinksQuery, now = new Date()) {
  const page = toPage(query);
  const prisma = await getPrisma();
  const where = Prisma.sql`l.merchant_id = ${scope.merchantId} AND l.environment = ${scope.environment}::"Environment" ${statusCondition(query.status, now)}`;
  const [rows, [{ n }]] = await Promise.all([
    prisma.$queryRaw<{ id: string }[]>`SELECT l.id FROM payment_links l WHERE ${where} ORDER BY l.created_at DESC, l.id DESC OFFSET ${page.skip} LIMIT ${page.limit}`,
    prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM payment_links l WHERE ${where}`,
  ]);
  const ids = rows.map((r) => r.id);
  const [links, totals] = await Promise.all([prisma.paymentLink.findMany({ where: { id: { in: ids } } }), linkTotals(prisma, ids, now)]);
  const byId = new Map(links.map((l) => [l.id, l]));
  return { data: ids.map((id) => paymentLinkView(byId.get(id)!, totals.get(id)!, now)), meta: pageMeta(n, page) };
}

const paid = paidThroughLinkCountSql(Prisma.raw("l.id"));

function statusCondition(status: ListPaymentLinksQuery["status"], now: Date): Prisma.Sql {
  const live = Prisma.sql`l.deactivated_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > ${now})`;
  switch (status) {
    case undefined:
      return Prisma.empty;
    case "deactivated":
      return Prisma.sql`AND l.deactivated_at IS NOT NULL`;
    case "expired":
      return Prisma.sql`AND l.deactivated_at IS NULL AND l.expires_at <= ${now}`;
    case "completed":
      return Prisma.sql`AND ${live} AND l.max_payments IS NOT NULL AND ${paid} >= l.max_payments`;
    case "active":
      return Prisma.sql`AND ${live} AND (l.max_payments IS NULL OR ${paid} < l.max_payments)`;
  }
}
