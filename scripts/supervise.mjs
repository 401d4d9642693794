/**
 * The process supervisor of `npm start` (scripts/start.mjs): runs the API processes and the job
 * worker as children of one parent, so that one command gives the production layout
 * (docs/deploy.md, "One command"):
 *   - one log stream: the children write to the parent's stdout and stderr;
 *   - a child that exits while nothing asked it to (a crash, an OOM kill, SIGKILL) is started
 *     again after RESTART_DELAY_MS, longer when it keeps crashing at start (a crash loop), and
 *     the supervisor gives up (stops the rest, exits 1) after MAX_QUICK_CRASHES in a row;
 *   - SIGTERM or SIGINT stops every child together with SIGTERM (each drains its requests or
 *     jobs: scripts/graceful-shutdown.mjs, scripts/worker.ts) and exits once all have exited,
 *     0 when all exited 0. A second signal is passed on (the children then exit at once).
 * Plain JavaScript, no dependency: it runs before anything is built.
 */

const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A child that ran less than this before exiting crashed at start: the next delay doubles. */
const QUICK_CRASH_MS = 10_000;
const MAX_QUICK_CRASHES = 5;

/**
 * @typedef {{ name: string, start: () => import("node:child_process").ChildProcess }} ChildSpec
 *   `start` launches one instance (spawn, or cluster.fork(...).process) and returns it
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {{ add: (spec: ChildSpec) => void, stop: (signal?: NodeJS.Signals) => Promise<number>, pids: () => Record<string, number | undefined> }}
 */
export function supervise({ log = (line) => console.log(line) } = {}) {
  /** @type {Map<string, { spec: ChildSpec, child: import("node:child_process").ChildProcess | null, startedAt: number, quickCrashes: number, timer: NodeJS.Timeout | null, exitCode: number }>} */
  const children = new Map();
  let stopping = false;
  let signals = 0;
  /** @type {((code: number) => void)[]} */
  const whenAllExited = [];

  const allExited = () => [...children.values()].every((c) => c.child === null);
  const settle = () => {
    if (!stopping || !allExited()) return;
    const code = [...children.values()].some((c) => c.exitCode !== 0) ? 1 : 0;
    for (const resolve of whenAllExited.splice(0)) resolve(code);
  };

  const launch = (entry) => {
    entry.timer = null;
    if (stopping) return settle();
    const child = entry.spec.start();
    entry.child = child;
    entry.startedAt = Date.now();
    child.once("exit", (code, signal) => {
      entry.child = null;
      entry.exitCode = code ?? (signal === "SIGTERM" || signal === "SIGINT" ? 0 : 1);
      if (stopping) return settle();
      const ranMs = Date.now() - entry.startedAt;
      entry.quickCrashes = ranMs < QUICK_CRASH_MS ? entry.quickCrashes + 1 : 0;
      if (entry.quickCrashes >= MAX_QUICK_CRASHES) {
        log(`supervisor: ${entry.spec.name} crashed ${entry.quickCrashes} times in a row at start (last: ${signal ?? `exit code ${code}`}); stopping everything`);
        void stop().then(() => process.exit(1));
        return;
      }
      const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** Math.max(0, entry.quickCrashes - 1));
      log(`supervisor: ${entry.spec.name} (pid ${child.pid}) exited unexpectedly (${signal ?? `exit code ${code}`}) after ${Math.round(ranMs / 1000)} s; restarting in ${delay / 1000} s`);
      entry.timer = setTimeout(() => launch(entry), delay);
    });
  };

  /** Stops every child with SIGTERM; resolves with 0 when all exited 0. */
  const stop = (signal = "SIGTERM") => {
    signals++;
    const first = !stopping;
    stopping = true;
    for (const entry of children.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      // A terminal's Ctrl-C reaches the children too (same process group): they stop on it, and the
      // forwarded signal is then within their one-second window (scripts/graceful-shutdown.mjs).
      if (entry.child && entry.child.exitCode === null) entry.child.kill(first ? "SIGTERM" : signal);
    }
    if (first) log(`supervisor: ${signal}, stopping ${[...children.values()].filter((c) => c.child).map((c) => c.spec.name).join(", ") || "nothing"}`);
    else log(`supervisor: ${signal} again (${signals}), passed on`);
    const done = new Promise((resolve) => whenAllExited.push(resolve));
    settle();
    return done;
  };

  return {
    add(spec) {
      const entry = { spec, child: null, startedAt: 0, quickCrashes: 0, timer: null, exitCode: 0 };
      children.set(spec.name, entry);
      launch(entry);
    },
    stop,
    pids: () => Object.fromEntries([...children.entries()].map(([name, c]) => [name, c.child?.pid])),
  };
}
