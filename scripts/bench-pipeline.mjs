/**
 * The event pipeline behind the API: collects initiated at a fixed rate (default 30/s
 * for 60 s, sandbox, provider delay 0), each with a callbackUrl on a receiver in this process;
 * the figure is the time from sending the initiate to receiving its `payment.success` webhook
 * (p50, p99, max), with the jobs drained per second and the peak backlog of due jobs, read from
 * PostgreSQL every 250 ms. Open loop: a slow server does not slow the sender down.
 *   BENCH_PIPELINE_RATE (per s, default 30)   BENCH_PIPELINE_SECONDS (default 60); the bench also runs
 *   it at BENCH_PIPELINE_FAST_RATE (100) for BENCH_PIPELINE_FAST_SECONDS (30), for the figures only.
 */
import { createServer } from "node:http";
import pg from "pg";
import { DUE_JOBS_COUNT_SQL, FINISHED_JOBS_COUNT_SQL } from "../lib/jobs/job-watch-sql.mjs";

export async function measurePipeline({ base, auth, databaseUrl, cpuOf = null, rate = Number(process.env.BENCH_PIPELINE_RATE ?? 30), seconds = Number(process.env.BENCH_PIPELINE_SECONDS ?? 60) }) {
  const sentAt = new Map();
  const latencies = [];
  const early = new Map(); // webhooks that beat the initiate's own answer
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const at = performance.now();
      res.writeHead(200).end();
      try {
        const event = JSON.parse(body);
        if (event.type !== "payment.success") return;
        const id = event.data?.transactionId;
        if (sentAt.has(id)) latencies.push(at - sentAt.get(id));
        else early.set(id, at);
      } catch {}
    });
  });
  await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
  const callbackUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

  // One connection for the whole measurement: a psql process per sample (4 a second) cost the
  // machine under test a tenth of a core and blocked this process's receiver while it ran.
  const db = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await db?.connect();
  const count = async (q) => Number((await db.query(q)).rows[0]?.count ?? 0);
  const finishedJobs = () => count(FINISHED_JOBS_COUNT_SQL);
  let backlogPeak = 0;
  let sampling = false;
  const sampler = db
    ? setInterval(() => {
        if (sampling) return;
        sampling = true;
        count(DUE_JOBS_COUNT_SQL)
          .then((n) => (backlogPeak = Math.max(backlogPeak, n)))
          .finally(() => (sampling = false));
      }, 250)
    : null;
  const jobsBefore = db ? await finishedJobs() : 0;
  // CPU ms the API and worker processes have used so far (bench.mjs reads /proc), for the
  // figures per job: a drain rate below the demand is either CPU or waiting, and this tells which.
  const cpuBefore = cpuOf?.();

  let sent = 0;
  let refused = 0;
  // Unique per measurement: the layouts of one run (and the two rates) share the database.
  const runTag = `${process.pid}-${Date.now().toString(36)}`;
  /** Why initiates were refused: "status code" or the network error, with counts. */
  const refusals = new Map();
  const refuse = (why) => {
    refused++;
    refusals.set(why, (refusals.get(why) ?? 0) + 1);
  };
  const started = performance.now();
  const total = rate * seconds;
  const inflight = [];
  while (sent < total) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    sent++;
    inflight.push(
      fetch(`${base}/api/v1/payments/initiate`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ type: "direct", amount: 5000, provider: "orange", country: "SN", customerPhone: "+221770000012", externalReference: `pipe-${runTag}-${sent}`, callbackUrl }),
      })
        .then(async (res) => {
          const json = await res.json();
          if (res.status !== 201) return void refuse(`${res.status} ${json.code ?? ""}: ${String(json.message ?? "").slice(0, 100)}`);
          const id = json.data.transactionId;
          sentAt.set(id, t0);
          if (early.has(id)) latencies.push(early.get(id) - t0);
        })
        .catch((err) => void refuse(err.cause?.code ?? err.message)),
    );
  }
  await Promise.all(inflight);
  const sendSeconds = (performance.now() - started) / 1000;
  // Let the pipeline finish what was sent (at most 60 s more).
  const deadline = performance.now() + 60_000;
  while (latencies.length < sent - refused && performance.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const drainSeconds = (performance.now() - started) / 1000;
  if (sampler) clearInterval(sampler);
  const jobsDrained = db ? (await finishedJobs()) - jobsBefore : null;
  await db?.end();
  const cpuAfter = cpuOf?.();
  receiver.close();

  latencies.sort((a, b) => a - b);
  const pick = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN);
  const result = {
    rate,
    seconds,
    sent,
    refused,
    refusals: Object.fromEntries(refusals),
    received: latencies.length,
    achievedRate: Number((sent / sendSeconds).toFixed(1)),
    p50Ms: pick(0.5),
    p99Ms: pick(0.99),
    maxMs: Math.round(latencies[latencies.length - 1] ?? NaN),
    jobsPerSecond: jobsDrained === null ? null : Math.round(jobsDrained / drainSeconds),
    backlogPeak: databaseUrl ? backlogPeak : null,
    /** Share of one core each process kind used over the drain, and worker CPU ms per job. */
    apiCorePercent: cpuBefore ? Math.round(((cpuAfter.api - cpuBefore.api) / (drainSeconds * 1000)) * 100) : null,
    workerCorePercent: cpuBefore && cpuAfter.worker !== null ? Math.round(((cpuAfter.worker - cpuBefore.worker) / (drainSeconds * 1000)) * 100) : null,
    workerCpuPerJobMs: cpuBefore && cpuAfter.worker !== null && jobsDrained ? Number(((cpuAfter.worker - cpuBefore.worker) / jobsDrained).toFixed(2)) : null,
  };
  console.log(
    `${`webhook pipeline, ${rate} payments/s × ${seconds} s`.padEnd(48)} ${result.received}/${result.sent} payment.success received  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  max ${result.maxMs} ms` +
      (databaseUrl ? `  · ${result.jobsPerSecond} jobs/s drained, backlog peak ${result.backlogPeak} due jobs` : "") +
      (result.apiCorePercent !== null ? `  · API ${result.apiCorePercent}% of a core` : "") +
      (result.workerCorePercent !== null ? `, worker ${result.workerCorePercent}% (${result.workerCpuPerJobMs} ms CPU/job)` : "") +
      (refused ? `  (${refused} initiates refused: ${[...refusals].map(([why, n]) => `${n}× ${why}`).join(", ")})` : ""),
  );
  return result;
}
