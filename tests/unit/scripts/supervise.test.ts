import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

/**
 * `npm start`'s supervisor (scripts/supervise.mjs) on real processes (tests/helpers/supervised-pair.mjs):
 * a child killed with SIGKILL is started again within seconds, the other one untouched; SIGTERM
 * stops both gracefully and together; all of it on the supervisor's one output stream.
 */
const fixture = path.resolve(__dirname, "../../helpers/supervised-pair.mjs");

describe("npm start's supervisor", () => {
  it("restarts a crashed child within seconds and stops both gracefully on SIGTERM, on one log stream", async () => {
    const proc = spawn(process.execPath, [fixture], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    proc.stdout!.on("data", (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
    try {
      const pidOf = (name: string, nth = 0) => Number([...out.matchAll(new RegExp(`${name} up (\\d+)`, "g"))][nth]?.[1]);
      await vi.waitFor(() => expect(pidOf("api") && pidOf("worker")).toBeTruthy(), { timeout: 10_000, interval: 50 });
      const [api, worker] = [pidOf("api"), pidOf("worker")];

      const killedAt = Date.now();
      process.kill(api, "SIGKILL");
      await vi.waitFor(() => expect(pidOf("api", 1)).toBeTruthy(), { timeout: 5_000, interval: 50 });
      expect(Date.now() - killedAt).toBeLessThan(15_000); // "within seconds": a bound for a hang, not a timing target
      expect(out).toMatch(new RegExp(`supervisor: api \\(pid ${api}\\) exited unexpectedly \\(SIGKILL\\)`));
      expect(pidOf("worker", 1)).toBeFalsy(); // the worker was left alone
      const newApi = pidOf("api", 1);

      proc.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(out).toContain(`api stopped ${newApi}`);
      expect(out).toContain(`worker stopped ${worker}`);
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      expect(alive(newApi) || alive(worker)).toBe(false);
    } finally {
      if (proc.exitCode === null) proc.kill("SIGKILL");
    }
  });
});
