import { linkPageResponse, submitLinkResponse } from "@/lib/payment-links/page/link-responses";

/**
 * /pay/<slug> — a payment link's page (GET) and its form (POST), rendered as plain HTML by
 * lib/payment-links/page: no framework runtime is sent to the customer's phone.
 */
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ slug: string }> };

export async function GET(request: Request, context: Context) {
  return linkPageResponse(request, (await context.params).slug);
}

export async function POST(request: Request, context: Context) {
  return submitLinkResponse(request, (await context.params).slug);
}
