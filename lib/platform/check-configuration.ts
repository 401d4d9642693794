import { ConfigError, validateEnvironment } from "@/lib/config";

/**
 * Start-up gate of every entry point (server, worker, ops): a misconfigured instance refuses to
 * start, naming each bad variable (values of secrets are never printed). Plain stderr, not the
 * logger: the logger's own level is one of the settings being checked.
 */
export function refuseInvalidConfiguration(what: string): void {
  const problems = validateEnvironment();
  if (problems.length === 0) return;
  process.stderr.write(`${what} refuses to start: ${new ConfigError(problems).message}\n`);
  process.exit(1);
}
