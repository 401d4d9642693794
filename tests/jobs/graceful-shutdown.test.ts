import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * SIGTERM on a real server process (tests/helpers/graceful-server.ts: scripts/graceful-shutdown.mjs
 * as scripts/serve.mjs uses it, the platform's shutdown hook, an in-process runner on an embedded
 * database): no new connections, in-flight requests finish, then jobs stop and the pool closes,
 * exit 0; a request that never ends is cut at HTTP_SHUTDOWN_GRACE_MS.
 */
const root = path.resolve(__dirname, "../..");
let children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  children = [];
});

function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/graceful-server.ts", "1000"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: "memory", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function get(port: number, urlPath: string): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: urlPath, agent: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function listening(server: ReturnType<typeof startServer>): Promise<number> {
  await vi.waitFor(() => expect(server.output()).toMatch(/listening \d+/), { timeout: 45_000, interval: 50 });
  return Number(/listening (\d+)/.exec(server.output())![1]);
}

describe("graceful shutdown of the server process", () => {
  it("on SIGTERM refuses new connections, finishes the request in flight, then stops jobs and closes the pool, exit 0", async () => {
    const server = startServer();
    const port = await listening(server);
    expect((await get(port, "/fast")).body).toBe("done");

    const inFlight = get(port, "/slow"); // answers after 1 s
    await vi.waitFor(() => expect(server.output()).toContain("started /slow"), { timeout: 10_000, interval: 20 });
    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.output()).toContain("no new connections"), { timeout: 5_000, interval: 20 });
    // Refused, or reset when the kernel had queued the connection just before the listener closed
    // (seen under load): either way it is not served.
    const refused = await get(port, "/fast").then(
      () => "served",
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(["ECONNREFUSED", "ECONNRESET"]).toContain(refused);

    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 200, body: "done", connection: "close" });
    expect(await server.exited).toBe(0);
    const out = server.output();
    const order = ["shutdown: SIGTERM", "shutdown: http drained", "shutdown: jobs stopped", "shutdown: database closed", "shutdown: done"].map((s) => out.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  }, 300_000);

  it("cuts a request that never ends at HTTP_SHUTDOWN_GRACE_MS and still stops cleanly", async () => {
    const server = startServer({ HTTP_SHUTDOWN_GRACE_MS: "300" });
    const port = await listening(server);
    const hanging = get(port, "/hang").catch((err: NodeJS.ErrnoException) => err.code);
    await vi.waitFor(() => expect(server.output()).toContain("started /hang"), { timeout: 10_000, interval: 20 });
    const t0 = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // Without the cut the request would hold the process forever: a bound for that, not a speed target.
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(await hanging).toBe("ECONNRESET");
    expect(server.output()).toContain("grace over");
  }, 300_000);
});
