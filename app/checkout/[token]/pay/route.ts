import { submitMethodResponse } from "@/lib/checkout/page";

/** POST /checkout/<token>/pay — the page's method-and-number form; 303 back to the page. */
export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ token: string }> }) {
  return submitMethodResponse(request, (await context.params).token);
}
