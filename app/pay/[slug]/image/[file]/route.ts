import { linkImageResponse } from "@/lib/payment-links/page/link-responses";

/** /pay/<slug>/image/<sha256>.<ext> — the link's picture (lib/payment-links/page). */
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ slug: string; file: string }> }) {
  const { slug, file } = await context.params;
  return linkImageResponse(request, slug, file);
}
