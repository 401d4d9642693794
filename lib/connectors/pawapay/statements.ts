import { OperatorUnavailableError } from "../operator-errors";
import { parseJsonObject } from "../parse-json-object";
import { type PawapayContext, pawapayRequest, walletBalances } from "./client";

/**
 * pawaPay's wallet statements through its API (README.md, "Statements"), for reconciliation: for
 * each wallet `GET /v2/wallet-balances` lists, `POST /v2/statements` over the window (at most 31
 * days a statement, so a longer window is asked in parts), then `GET /v2/statements/{id}` until
 * COMPLETED, then the CSV from its `downloadUrl` — a pre-signed link, fetched without our API
 * token. Returns one CSV text per statement, read by reconciliation with the published layout
 * (index.ts, `reconciliation.statement`), the same as a file imported by hand.
 *
 * We ask without a `callbackUrl` and poll: a statement is minutes of work at most, and the sweep
 * that asks can wait for it. Throws when a statement is refused, fails or is not ready in time:
 * a statement read in part would make what is missing from it look missing.
 */
const OPERATOR = "pawaPay";
const DAY = 24 * 3600_000;
const MAX_RANGE = 31 * DAY;
/**
 * The waits between a statement's status checks: about two minutes in all, then we give up. Counted
 * in checks, not read from the clock (the simulation harness moves the clock only between steps).
 */
const POLL_MS = [250, 500, 1000, 2000, ...Array<number>(23).fill(5000)];

type StatementView = { status?: unknown; downloadUrl?: unknown; failureReason?: { failureCode?: unknown; failureMessage?: unknown } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "2025-05-10T10:00:00": UTC, written without an offset as pawaPay's reference writes it, to the
 * second — the start rounded down and the end up, so the statement covers the whole window
 * (reconciliation keeps only the rows inside it).
 */
const pawapayDateTime = (ms: number, round: "down" | "up") => new Date((round === "down" ? Math.floor : Math.ceil)(ms / 1000) * 1000).toISOString().slice(0, 19);

export async function fetchPawapayStatements(context: PawapayContext, window: { from: Date; to: Date }): Promise<string[]> {
  const texts: string[] = [];
  for (const wallet of await walletBalances(context)) {
    for (let start = window.from.getTime(); start < window.to.getTime(); start += MAX_RANGE) {
      const end = Math.min(start + MAX_RANGE, window.to.getTime());
      texts.push(await oneStatement(context, { country: wallet.country, currency: wallet.currency }, start, end));
    }
  }
  return texts;
}

async function oneStatement(context: PawapayContext, wallet: { country: string; currency: string }, from: number, to: number): Promise<string> {
  const label = `the ${wallet.country} ${wallet.currency} statement`;
  const asked = await pawapayRequest(context, {
    operation: "reconcile.statement",
    method: "POST",
    path: "/v2/statements",
    body: { wallet, startDate: pawapayDateTime(from, "down"), endDate: pawapayDateTime(to, "up"), compressed: false },
  });
  const accepted = parseJsonObject(asked.text) as { statementId?: unknown; status?: unknown; failureReason?: StatementView["failureReason"] } | null;
  if (asked.status !== 200 || accepted?.status !== "ACCEPTED" || typeof accepted.statementId !== "string") {
    throw new OperatorUnavailableError(OPERATOR, `${label} was not accepted (HTTP ${asked.status}${failureText(accepted?.failureReason)})`);
  }
  const id = accepted.statementId;
  for (let check = 0; ; check++) {
    const answer = await pawapayRequest(context, { operation: "reconcile.statement.status", method: "GET", path: `/v2/statements/${encodeURIComponent(id)}` });
    const body = parseJsonObject(answer.text) as { status?: unknown; data?: StatementView } | null;
    if (answer.status !== 200 || body?.status !== "FOUND" || !body.data) throw new OperatorUnavailableError(OPERATOR, `${label} ${id} could not be read (HTTP ${answer.status}${body?.status ? `, ${String(body.status)}` : ""})`);
    const data = body.data;
    if (data.status === "COMPLETED" && typeof data.downloadUrl === "string") return download(context, label, data.downloadUrl);
    if (data.status !== "PROCESSING") throw new OperatorUnavailableError(OPERATOR, `${label} ${id} ended ${String(data.status)}${failureText(data.failureReason)}`);
    if (check >= POLL_MS.length) throw new OperatorUnavailableError(OPERATOR, `${label} ${id} was not ready after ${check + 1} checks`);
    await sleep(POLL_MS[check]!);
  }
}

async function download(context: PawapayContext, label: string, url: string): Promise<string> {
  // A pre-signed link: its query is the credential, kept out of the call record.
  const response = await context.http({ operation: "reconcile.statement.download", method: "GET", url, headers: { accept: "text/csv" }, redact: [url, new URL(url).search.slice(1)].filter(Boolean) });
  if (response.status !== 200) throw new OperatorUnavailableError(OPERATOR, `${label} could not be downloaded (HTTP ${response.status})`);
  return response.text;
}

function failureText(reason: StatementView["failureReason"]): string {
  return reason && typeof reason.failureCode === "string" ? `: ${reason.failureCode}` : "";
}
