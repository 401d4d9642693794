import { readFile } from "node:fs/promises";
import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { dateBound } from "@/lib/http/date-bound";
import { importStatement, listMismatches, listRuns, MISMATCH_KINDS, reconcileAccount, resolveMismatch, type ReconcileResult } from "@/lib/reconciliation";
import { isStatementField, type StatementField } from "@/lib/reconciliation/statement";
import { type OpsArgs, type OpsCommand, optionalFlag, OpsUsageError, requireFlag } from "./command";

/**
 * Reconciliation against the operators' own records (docs/design/reconciliation.md): run it for
 * an account and a window, import an operator's statement file, list what differs, and resolve
 * a difference with evidence. They act on this instance's environment (APP_ENV).
 */
const show = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2);
const by = (args: OpsArgs) => {
  const name = optionalFlag(args, "by");
  return name ? `ops:${name}` : "ops";
};

/** `--date D` (that UTC day) or `--from D --to D` (days inclusive, or ISO instants; `to` exclusive then). */
function windowOf(args: OpsArgs, required: boolean): { from: Date; to: Date } | null {
  const date = optionalFlag(args, "date");
  const from = optionalFlag(args, "from") ?? date;
  const to = optionalFlag(args, "to") ?? date;
  if (!from && !to) {
    if (required) throw new OpsUsageError("say which days: --date YYYY-MM-DD, or --from YYYY-MM-DD --to YYYY-MM-DD");
    return null;
  }
  if (!from || !to) throw new OpsUsageError("--from and --to go together");
  const parse = (value: string, name: string, bound: "from" | "to") => {
    const parsed = dateBound(name, bound).safeParse(value);
    if (!parsed.success) throw new OpsUsageError(parsed.error.issues[0]?.message ?? `${name} is not a date`);
    return parsed.data;
  };
  const window = { from: parse(from, "--from", "from"), to: parse(to, "--to", "to") };
  if (window.from >= window.to) throw new OpsUsageError("--from must come before --to");
  return window;
}

/** 3 while a mismatch the run saw is open, so that a script can alert on it. */
const exitCode = (result: ReconcileResult) => (result.mismatches.some((m) => m.state !== "resolved") ? 3 : 0);

function summarise(result: ReconcileResult, out: (line: string) => void) {
  out(`${result.runId}: ${result.accountId} ${result.from.toISOString()} → ${result.to.toISOString()} (${result.source})`);
  out(`  compared ${result.compared}, agreed ${result.agreed}, in flight ${result.inFlight}, unanswered ${result.unanswered}, operator records ${result.records}, cleared ${result.cleared}, float wallets judged ${result.floats.judged} (agreed ${result.floats.agreed})`);
  for (const note of result.notes) out(`  note: ${note}`);
  for (const m of result.mismatches) out(`  ${m.state === "new" ? "NEW " : m.state === "open" ? "open" : "resolved earlier"}  ${m.id}  ${m.kind}  ${m.reference}${m.orderId ? `  ${m.orderId}` : ""}  ours ${m.ours ? `${m.ours.status} ${m.ours.amountMinor ?? ""} ${m.ours.currency ?? ""}`.trim() : "-"} / operator ${m.theirs ? `${m.theirs.status} ${m.theirs.amountMinor ?? ""} ${m.theirs.currency ?? ""}`.trim() : "-"}`);
  out(result.mismatches.length === 0 ? "  no mismatch" : `  ${result.mismatches.length} mismatch(es): recon:report lists them, recon:resolve answers for one with evidence`);
}

export const reconRun: OpsCommand = {
  name: "recon:run",
  summary: "Reconcile a connector account over UTC days: our orders against the operator's answers (status per reference, its transaction list where it has one)",
  usage: "recon:run --account <id> (--date YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD) [--by <your name>] [--json]",
  async run(args, out) {
    const window = windowOf(args, true)!;
    const result = await reconcileAccount(await getPrisma(), { accountId: requireFlag(args, "account"), ...window, now: new Date(), trigger: by(args) });
    if (args.flags.json) out(show(result));
    else summarise(result, out);
    return exitCode(result);
  },
};

export const reconImport: OpsCommand = {
  name: "recon:import",
  summary: "Reconcile a connector account against a statement or settlement file the operator delivered (CSV, the connector's documented columns)",
  usage: "recon:import --account <id> --file <statement.csv> [--date YYYY-MM-DD | --from … --to …] [--column field=Header ...] [--currency XOF] [--decimal-comma] [--by <your name>] [--json]",
  async run(args, out) {
    const columns: Partial<Record<StatementField, string>> = {};
    for (const pair of args.repeated?.column ?? []) {
      const at = pair.indexOf("=");
      const field = pair.slice(0, at).trim();
      if (at <= 0 || !isStatementField(field)) throw new OpsUsageError(`--column "${pair}": expected field=Header, field one of reference, operatorReference, amount, credit, debit, currency, status, type, time`);
      columns[field] = pair.slice(at + 1);
    }
    const file = requireFlag(args, "file");
    const text = await readFile(file, "utf8").catch((err: Error) => {
      throw new OpsUsageError(`cannot read ${file}: ${err.message}`);
    });
    const window = windowOf(args, false);
    const result = await importStatement(await getPrisma(), {
      accountId: requireFlag(args, "account"),
      text,
      columns,
      currency: optionalFlag(args, "currency"),
      decimalComma: args.flags["decimal-comma"] === true,
      ...(window ?? {}),
      now: new Date(),
      trigger: by(args),
    });
    if (args.flags.json) {
      out(show(result));
      return exitCode(result);
    }
    out(`layout: ${result.layout}; ${result.records} row(s) read, ${result.skipped.length} skipped${result.skipped.length ? ` (${result.skipped.slice(0, 5).map((s) => `line ${s.line}: ${s.why}`).join("; ")}${result.skipped.length > 5 ? "; …" : ""})` : ""}`);
    summarise(result, out);
    return exitCode(result);
  },
};

export const reconReport: OpsCommand = {
  name: "recon:report",
  summary: "List reconciliation mismatches (open ones, oldest first) and the latest runs",
  usage: `recon:report [--account <id>] [--kind ${Object.keys(MISMATCH_KINDS).join("|")}] [--date YYYY-MM-DD | --from … --to …] [--all] [--json]`,
  async run(args, out) {
    const prisma = await getPrisma();
    const window = windowOf(args, false);
    const accountId = optionalFlag(args, "account");
    const rows = await listMismatches(prisma, { environment: appEnv(), accountId, kind: optionalFlag(args, "kind"), includeResolved: args.flags.all === true, ...(window ?? {}) });
    const runs = await listRuns(prisma, { environment: appEnv(), accountId, limit: 10 });
    if (args.flags.json) return void out(show({ mismatches: rows, runs }));
    if (rows.length === 0) out(`No ${args.flags.all ? "" : "open "}reconciliation mismatch in ${appEnv()}${accountId ? ` on ${accountId}` : ""}.`);
    for (const r of rows) {
      out(`${r.id}  ${r.kind}  ${r.accountId}  ${r.reference}${r.orderId ? `  ${r.orderId}` : ""}  occurred ${r.occurredAt.toISOString()}  seen ${r.seenCount}× (first ${r.firstSeenAt.toISOString()}, last ${r.lastSeenAt.toISOString()}, via ${r.source})`);
      out(`    ${r.why}; ours ${JSON.stringify(r.ours ?? null)}; operator ${JSON.stringify(r.theirs ?? null)}${r.resolvedAt ? `; resolved ${r.resolvedAt.toISOString()} by ${r.resolvedBy}: ${r.evidence}` : ""}`);
    }
    if (runs.length) out("Latest runs:");
    for (const run of runs) out(`  ${run.id}  ${run.accountId}  ${run.source}  ${run.periodFrom.toISOString().slice(0, 10)}…${run.periodTo.toISOString().slice(0, 10)}  ${run.trigger}  ${run.finishedAt ? `compared ${run.compared}, agreed ${run.agreed}, in flight ${run.inFlight}, unanswered ${run.unanswered}, mismatches ${run.mismatches}` : `unfinished${run.error ? `: ${run.error}` : ""}`}`);
    const open = rows.filter((r) => !r.resolvedAt).length;
    if (open > 0) out(`${open} open. Resolve one only with evidence: recon:resolve --id rcm_… --evidence "…"`);
  },
};

export const reconResolve: OpsCommand = {
  name: "recon:resolve",
  summary: "Answer for a reconciliation mismatch with evidence (audited); moves no money and changes no order",
  usage: 'recon:resolve --id <rcm_…> --evidence "<what shows where the money went>" [--by <your name>]',
  async run(args, out) {
    const evidence = optionalFlag(args, "evidence");
    if (!evidence?.trim()) throw new OpsUsageError("--evidence is required: what shows where the money went (the operator's statement line, its support's answer, the order corrected)");
    const done = await resolveMismatch({ id: requireFlag(args, "id"), evidence, actor: by(args), environment: appEnv() });
    out(`${done.id} (${done.kind} ${done.reference}): resolved with evidence; audited`);
  },
};

export const reconciliationCommands: OpsCommand[] = [reconRun, reconImport, reconReport, reconResolve];
