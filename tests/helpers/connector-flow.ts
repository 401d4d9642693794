import { getPrisma } from "@/lib/db/client";
import { jobHandler } from "@/lib/jobs/job-handlers";

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
    await jobHandler(job.type)!(job.payload as Record<string, unknown>, { id: job.id, attempts: 1 });
    await prisma.job.update({ where: { id: job.id }, data: { status: "succeeded" } });
  }
  return jobs.length;
}

/** The operator calls on record for one transaction, compact: `collect 202`, `callback -`, … */
export async function operatorCalls(subjectId: string): Promise<string[]> {
  const rows = await (await getPrisma()).connectorCall.findMany({ where: { subjectId }, orderBy: { id: "asc" } });
  return rows.map((c) => `${c.operation} ${c.httpStatus ?? "-"}`);
}
