/**
 * Operator CLI: `npm run ops -- <command> [--flags]`. Opens the same database the server uses
 * (PostgreSQL via DATABASE_URL, or the embedded PGlite folder, which must not be open in the
 * server at the same time: the command then stops with a clear message).
 */
import { closeDatabase } from "@/lib/db/client";
import { acquireDataDirLock, DataDirLockedError } from "@/lib/db/data-dir-lock";
import { config, isSet, overrideSetting } from "@/lib/config";
import { isAppError } from "@/lib/errors";
import { OpsUsageError, parseOpsArgs } from "@/lib/ops/command";
import { claimDatabaseEnvironment, DatabaseEnvironmentMismatch } from "@/lib/platform/claim-database-environment";
import { opsCommands } from "@/lib/ops/commands";
import { refuseInvalidConfiguration } from "@/lib/platform/check-configuration";

if (!isSet("LOG_LEVEL")) overrideSetting("LOG_LEVEL", "warn");

function help() {
  console.log("Usage: npm run ops -- <command> [options]\n");
  for (const c of opsCommands) console.log(`  ${c.usage}\n      ${c.summary}\n`);
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === "help" || name === "--help") {
    help();
    return name ? 0 : 1;
  }
  const command = opsCommands.find((c) => c.name === name);
  if (!command) {
    console.error(`Unknown command "${name}".\n`);
    help();
    return 1;
  }
  refuseInvalidConfiguration("npm run ops");
  try {
    if (!config.databaseUrl()) acquireDataDirLock("ops");
    await claimDatabaseEnvironment("ops");
    const code = await command.run(parseOpsArgs(rest), (line) => console.log(line));
    return code ?? 0;
  } catch (err) {
    if (err instanceof OpsUsageError) console.error(`${err.message}\nUsage: npm run ops -- ${command.usage}`);
    else if (err instanceof DataDirLockedError || err instanceof DatabaseEnvironmentMismatch || isAppError(err)) console.error(err.message);
    else console.error(err);
    return err instanceof OpsUsageError ? 2 : 1;
  } finally {
    await closeDatabase();
  }
}

main().then((code) => process.exit(code));
