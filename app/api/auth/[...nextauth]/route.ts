import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/app/_dashboard/auth-options";
import { config } from "@/lib/config";
import { errorResponse } from "@/lib/http/error-response";
import { readBoundedBody } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  // next-auth reads a form whole, whatever its size: the body is read here first, under the
  // API's cap as it streams in (413 in the API's error body past it), and handed on.
  let body: Uint8Array<ArrayBuffer> | undefined;
  try {
    body = await readBoundedBody(req, config.maxBodyBytes());
  } catch (err) {
    return errorResponse(err, req);
  }
  const bounded = body === undefined ? req : new NextRequest(req.url, { method: req.method, headers: req.headers, body });
  // next-auth v4 reads `params.nextauth`; Next 16 hands params as a promise.
  const params = await ctx.params;
  return (NextAuth(authOptions()) as unknown as (r: NextRequest, c: { params: { nextauth: string[] } }) => Promise<Response>)(bounded, { params });
}

export { handler as GET, handler as POST };
