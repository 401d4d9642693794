/**
 * Operator commands (`npm run ops -- <name> [--flag value]…`, docs/design/operations.md). Each command is a
 * small object; scripts/ops.ts parses the arguments, opens the database and runs it.
 */
export type OpsArgs = {
  flags: Record<string, string | true>;
  positional: string[];
  /** Every value of a flag given more than once (`--setting a=1 --setting b=2`), in order. */
  repeated?: Record<string, string[]>;
};

export type OpsCommand = {
  name: string;
  summary: string;
  usage: string;
  /** Returns the process exit code (0 when omitted). */
  run(args: OpsArgs, out: (line: string) => void): Promise<number | void>;
};

export function requireFlag(args: OpsArgs, name: string): string {
  const value = args.flags[name];
  if (typeof value !== "string" || value.trim() === "") throw new OpsUsageError(`--${name} is required`);
  return value;
}

export function optionalFlag(args: OpsArgs, name: string): string | undefined {
  const value = args.flags[name];
  return typeof value === "string" ? value : undefined;
}

export class OpsUsageError extends Error {}

export function parseOpsArgs(argv: string[]): OpsArgs {
  const flags: Record<string, string | true> = {};
  const repeated: Record<string, string[]> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (inline !== undefined) flags[name] = inline;
      else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) flags[name] = argv[++i];
      else flags[name] = true;
      if (typeof flags[name] === "string") (repeated[name] ??= []).push(flags[name] as string);
    } else positional.push(arg);
  }
  return { flags, positional, repeated };
}
