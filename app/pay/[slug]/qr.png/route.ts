import { linkQrResponse } from "@/lib/payment-links/page/link-responses";

/** /pay/<slug>/qr.png — the link's QR code (lib/payment-links/page). */
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ slug: string }> }) {
  return linkQrResponse(request, (await context.params).slug, "png");
}
