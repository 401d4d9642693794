import NextAuth from "next-auth";
import { authOptions } from "@/app/_dashboard/auth-options";

export const dynamic = "force-dynamic";

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  // next-auth v4 reads `params.nextauth`; Next 16 hands params as a promise.
  const params = await ctx.params;
  return (NextAuth(authOptions()) as unknown as (r: Request, c: { params: { nextauth: string[] } }) => Promise<Response>)(req, { params });
}

export { handler as GET, handler as POST };
