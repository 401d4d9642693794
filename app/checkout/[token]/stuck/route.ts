import { leaveWaitingResponse } from "@/lib/checkout/page";

/** POST /checkout/<token>/stuck — "I did not get the prompt": resend, another method or cancel, once the operator has answered; 303 back to the page. */
export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ token: string }> }) {
  return leaveWaitingResponse(request, (await context.params).token);
}
