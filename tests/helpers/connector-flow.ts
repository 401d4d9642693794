import { getPrisma } from "@/lib/db/client";
import { platformJobs } from "@/lib/platform/jobs";
import type { PawapaySimulator } from "@/simulators/pawapay";

/**
 * Pieces the production-mode flow tests share: running a callback's hint as the job runner
 * would, and reading the operator calls on record.
 */

/** Runs the pending connector.check jobs (a callback's hint) of these transactions; returns how many ran. */
export async function runCheckJobs(ids: string[]): Promise<number> {
  const prisma = await getPrisma();
  const pending = await prisma.job.findMany({ where: { type: "connector.check", status: "pending" } });
  const jobs = pending.filter((j) => ids.includes((j.payload as { id: string }).id));
  for (const job of jobs) {
    await platformJobs.handler(job.type)!(job.payload as Record<string, unknown>, { id: job.id, attempts: 1 });
    await prisma.job.update({ where: { id: job.id }, data: { status: "succeeded" } });
  }
  return jobs.length;
}

/** The operator calls on record for one transaction, compact: `collect 202`, `callback -`, … */
export async function operatorCalls(subjectId: string): Promise<string[]> {
  const rows = await (await getPrisma()).connectorCall.findMany({ where: { subjectId }, orderBy: { id: "asc" } });
  return rows.map((c) => `${c.operation} ${c.httpStatus ?? "-"}`);
}

/** What our callback route answered a pawaPay simulator's callbacks for one reference (waits up to 10 s for the first). */
export async function pawapayCallbackAnswers(simulator: PawapaySimulator, reference: string): Promise<(number | string | undefined)[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await simulator.admin.idle();
    const answered = simulator.admin.callbacks.filter((c) => c.id === reference && (c.status !== undefined || c.error !== undefined));
    if (answered.length || Date.now() > deadline) return answered.map((c) => c.status ?? c.error);
    await new Promise((r) => setTimeout(r, 20));
  }
}
