import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";

/**
 * Only one process may open an embedded PGlite folder (docs/design/operations.md). The owner writes its pid
 * in <data>/pglite.lock; a second process (an ops command while the server runs) is refused
 * with a clear message instead of corrupting the data. A lock of a dead process is taken over.
 */
export class DataDirLockedError extends Error {}

function lockFile() {
  return path.resolve(config.pgliteDir() + ".lock");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(owner: "server" | "ops") {
  if (config.pgliteDir() === "memory") return;
  const file = lockFile();
  mkdirSync(path.dirname(file), { recursive: true });
  if (existsSync(file)) {
    const [pidText, holder] = readFileSync(file, "utf8").trim().split(" ");
    const pid = Number(pidText);
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The embedded database ${config.pgliteDir()} is open in another process (${holder ?? "unknown"}, pid ${pid}). ` +
          `Stop it first, or run against PostgreSQL with DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, `${process.pid} ${owner}\n`);
  const release = () => {
    try {
      if (readFileSync(file, "utf8").startsWith(`${process.pid} `)) rmSync(file);
    } catch {
      // already gone
    }
  };
  process.once("exit", release);
}
