import { getPrisma } from "@/lib/db/client";
import type { PaymentLink } from "@/lib/db/generated/client";
import { linkTotals } from "./link-totals";
import { paymentLinkView } from "./payment-link-views";

/** One link with its totals, as the API answers it. */
export async function presentPaymentLink(link: PaymentLink, now = new Date()) {
  const totals = await linkTotals(await getPrisma(), [link.id], now);
  return paymentLinkView(link, totals.get(link.id)!, now);
}
