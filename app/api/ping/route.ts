/**
 * Liveness: a constant answer that touches nothing (no database, no auth), for process
 * supervisors, and the baseline of `npm run bench` (a bare Next route handler).
 */
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true });
}
