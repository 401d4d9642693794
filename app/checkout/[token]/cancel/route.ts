import { cancelCheckoutResponse } from "@/lib/checkout/page";

/** POST /checkout/<token>/cancel — the customer confirms the cancel; 303 back to the page. */
export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ token: string }> }) {
  return cancelCheckoutResponse(request, (await context.params).token);
}
