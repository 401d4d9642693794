import { checkoutPageResponse } from "@/lib/checkout/page";

/**
 * GET /checkout/<token> — the hosted checkout page (docs/design/checkout-and-dashboard.md), rendered as plain HTML by
 * lib/checkout/page: no framework runtime is sent to the customer's phone.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ token: string }> }) {
  return checkoutPageResponse(request, (await context.params).token);
}
