import { logoResponse } from "@/lib/branding";

/** GET /branding/<merchantId>/<sha256>.<ext> — a merchant's checkout logo (lib/branding/logo-response.ts). */
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ merchantId: string; file: string }> }) {
  const { merchantId, file } = await context.params;
  return logoResponse(request, merchantId, file);
}
