/**
 * For tests/unit/scripts/supervise.test.ts: scripts/supervise.mjs running two small children
 * ("api" and "worker") that say when they are up and when they stop on SIGTERM, each after a
 * short drain. Everything they print goes to this process's stdout: the one log stream.
 */
import { spawn } from "node:child_process";
import { supervise } from "../../scripts/supervise.mjs";

// The SIGTERM handler is in place before the child says it is up: the test stops the pair as soon
// as the restarted child has said so, and a signal arriving before the handler killed it silently.
const child = (name) => `
  process.on("SIGTERM", () => setTimeout(() => { process.stdout.write("${name} stopped " + process.pid + "\\n"); process.exit(0); }, 200));
  setInterval(() => {}, 1000);
  process.stdout.write("${name} up " + process.pid + "\\n");
`;
const supervisor = supervise({ log: (line) => process.stdout.write(line + "\n") });
for (const name of ["api", "worker"]) supervisor.add({ name, start: () => spawn(process.execPath, ["-e", child(name)], { stdio: "inherit" }) });
process.on("SIGTERM", () => void supervisor.stop("SIGTERM").then((code) => process.exit(code)));
