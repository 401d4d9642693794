/**
 * A real server process for tests/jobs/graceful-shutdown.test.ts: the platform's database and
 * in-process runner, the shutdown hook boot() exposes, and scripts/graceful-shutdown.mjs, the
 * same SIGTERM handling as scripts/serve.mjs (without a Next build). Routes: /slow answers after
 * SLOW_MS, /hang never does. Run with `node --import tsx`.
 */
import { createServer } from "node:http";
import { getDatabase } from "@/lib/db/client";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { exposeShutdown } from "@/lib/platform/shutdown";
// @ts-expect-error -- plain JavaScript module without types
import { installGracefulShutdown } from "../../scripts/graceful-shutdown.mjs";
import { platformJobs } from "@/lib/platform/jobs";

const slowMs = Number(process.argv[2] ?? 800);
await getDatabase();
startInProcessRunner({ jobs: platformJobs, pollMs: 50 });
exposeShutdown();
const server = createServer((req, res) => {
  if (req.url !== "/fast") process.stdout.write(`started ${req.url}\n`); // the test sends SIGTERM only once it is in flight
  if (req.url === "/hang") return; // never answers
  setTimeout(() => res.end("done"), req.url === "/slow" ? slowMs : 0);
});
// Shutdown lines go to stderr, the stream pino writes to: one pipe keeps their order (two pipes can interleave under load).
installGracefulShutdown(server, { log: (line: string) => process.stderr.write(line + "\n") });
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
});
