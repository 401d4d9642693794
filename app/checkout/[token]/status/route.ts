import { checkoutStatus } from "@/lib/checkout";

/**
 * GET /checkout/<token>/status — the page's live updates. Customer-safe fields only (stage,
 * status, failure code, expiry, payable, redirect target): no phone, no name, no amount
 * breakdown, no key. Never cached.
 */
export const dynamic = "force-dynamic";

const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function GET(_request: Request, context: { params: Promise<{ token: string }> }) {
  const { token } = await context.params;
  const status = await checkoutStatus(token);
  if (!status) return Response.json({ error: "not_found" }, { status: 404, headers });
  return Response.json(status, { headers });
}
