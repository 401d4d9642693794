import { randomBytes, randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type http from "node:http";
import type { SimPayment } from "./index";

/**
 * pawaPay's wallet statements, as its API reference describes them (lib/connectors/pawapay/README.md,
 * "Statements"): `POST /v2/statements` asks for one wallet's statement over a date range of at
 * most 31 days and answers ACCEPTED (or REJECTED with a failureReason); `GET /v2/statements/{id}`
 * answers FOUND with the statement's status (PROCESSING, then COMPLETED with a `downloadUrl` that
 * expires after a day, or FAILED) or NOT_FOUND; the file is a CSV (gzip when `compressed`) with
 * the columns of the dashboard's export. Every row is money that moved on the wallet: here, the
 * deposits, payouts and refunds that completed, by the time they were created.
 *
 * Where the sources leave a choice open, the simulator takes each plausible one (options):
 * dates with or without an offset (the reference's example has none; the field is declared an
 * RFC 3339 date-time), a `callbackUrl` or none, amounts unsigned or with payouts and refunds
 * negative (`signedAmounts`), and a statement still PROCESSING for the first `processingPolls`
 * status checks.
 */
export type StatementOptions = {
  /** Status checks answered PROCESSING before COMPLETED (default 0: ready at the first check). */
  processingPolls?: number;
  /** Payouts and refunds written negative (default false: every amount unsigned). */
  signedAmounts?: boolean;
  /** Every statement request is answered REJECTED with this failure code. */
  rejectWith?: string | null;
  /** Statements end FAILED instead of COMPLETED. */
  fail?: boolean;
};

type Statement = {
  id: string;
  wallet: { country: string; currency: string; provider?: string };
  created: string;
  startDate: string;
  endDate: string;
  from: number;
  to: number;
  compressed: boolean;
  polls: number;
  token: string;
  file?: Buffer;
  completedAt?: string;
};

const DAY = 24 * 3600_000;
const MAX_RANGE = 31 * DAY;
// The reference's example writes "2025-05-10T10:00:00": no offset, read as UTC. An offset or Z is accepted too.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;
const COLUMNS = ["Creation Date", "MSISDN", "Transaction ID", "Amount", "Currency", "Country", "MNO", "Type"];
const TYPE = { deposit: "DEPOSIT", payout: "PAYOUT", refund: "REFUND" } as const;

function parseDateTime(value: unknown): number | null {
  if (typeof value !== "string" || !DATE_TIME.test(value)) return null;
  const ms = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? null : ms;
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function statementDesk(deps: {
  options: StatementOptions;
  now: () => number;
  payments: () => Iterable<SimPayment>;
  wallets: () => Iterable<string>;
  send: (res: http.ServerResponse, status: number, body: unknown) => number;
}) {
  const statements = new Map<string, Statement>();
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  const rejected = (failureCode: string, failureMessage: string) => ({ status: "REJECTED", created: iso(deps.now()), failureReason: { failureCode, failureMessage } });

  function file(statement: Statement): Buffer {
    const rows = [COLUMNS.join(",")];
    const signed = deps.options.signedAmounts ?? false;
    for (const p of deps.payments()) {
      if (p.status !== "COMPLETED" || p.country !== statement.wallet.country || p.currency !== statement.wallet.currency) continue;
      if (statement.wallet.provider && p.provider !== statement.wallet.provider) continue;
      const created = Date.parse(p.created);
      if (created < statement.from || created >= statement.to) continue;
      const amount = signed && p.kind !== "deposit" ? `-${p.amount}` : p.amount;
      rows.push([iso(created).replace("T", " ").replace("Z", ""), p.phoneNumber, p.id, amount, p.currency, p.country, p.provider, TYPE[p.kind]].map(csvCell).join(","));
    }
    const text = Buffer.from(`${rows.join("\n")}\n`, "utf8");
    return statement.compressed ? gzipSync(text) : text;
  }

  function view(statement: Statement, host: string): Record<string, unknown> {
    const base = { statementId: statement.id, wallet: statement.wallet, created: statement.created, startDate: statement.startDate, endDate: statement.endDate };
    if (deps.options.fail) return { ...base, status: "FAILED", failureReason: { failureCode: "UNKNOWN_ERROR", failureMessage: "The statement could not be generated" } };
    if (statement.polls++ < (deps.options.processingPolls ?? 0)) return { ...base, status: "PROCESSING" };
    if (!statement.file) {
      statement.file = file(statement);
      statement.completedAt = iso(deps.now());
    }
    return {
      ...base,
      status: "COMPLETED",
      fileSize: statement.file.length,
      downloadUrl: `http://${host}/files/statements/${statement.id}?token=${statement.token}`,
      downloadUrlExpiresAt: iso(Date.parse(statement.completedAt!) + DAY),
      completedAt: statement.completedAt,
    };
  }

  /** The statement routes; null when the request is none of them. `authorised` is false without the API token. */
  function handle(method: string, url: URL, raw: string, host: string, authorised: boolean, res: http.ServerResponse): number | null {
    const path = url.pathname;
    const download = /^\/files\/statements\/([^/]+)$/.exec(path);
    if (method === "GET" && download) {
      // A pre-signed link: its token is the credential (the API token is not sent to it).
      const statement = statements.get(download[1]!);
      if (!statement?.file || url.searchParams.get("token") !== statement.token) return deps.send(res, 403, { error: "AccessDenied" });
      if (deps.now() > Date.parse(statement.completedAt!) + DAY) return deps.send(res, 403, { error: "Request has expired" });
      res.writeHead(200, { "content-type": statement.compressed ? "application/gzip" : "text/csv", "content-length": statement.file.length }).end(statement.file);
      return 200;
    }
    if (path !== "/v2/statements" && !path.startsWith("/v2/statements/")) return null;
    if (!authorised) return null;
    const one = /^\/v2\/statements\/([^/]+)$/.exec(path);
    if (method === "GET" && one) {
      const statement = statements.get(decodeURIComponent(one[1]!));
      return deps.send(res, 200, statement ? { status: "FOUND", data: view(statement, host) } : { status: "NOT_FOUND" });
    }
    if (method !== "POST" || path !== "/v2/statements") return deps.send(res, 404, rejected("NOT_FOUND", `No route ${method} ${path}`));
    let body: Record<string, unknown>;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      body = parsed as Record<string, unknown>;
    } catch {
      return deps.send(res, 400, rejected("INVALID_INPUT", "The body is not valid JSON"));
    }
    const wallet = body.wallet as Record<string, unknown> | undefined;
    if (!wallet || typeof wallet !== "object" || typeof wallet.country !== "string" || typeof wallet.currency !== "string") {
      return deps.send(res, 400, rejected("INVALID_INPUT", "wallet.country and wallet.currency are required"));
    }
    if (wallet.provider !== undefined && typeof wallet.provider !== "string") return deps.send(res, 400, rejected("INVALID_INPUT", "wallet.provider must be a string"));
    if (body.compressed !== undefined && typeof body.compressed !== "boolean") return deps.send(res, 400, rejected("INVALID_INPUT", "compressed must be a boolean"));
    if (body.callbackUrl !== undefined && (typeof body.callbackUrl !== "string" || !/^https?:\/\//.test(body.callbackUrl))) {
      return deps.send(res, 400, rejected("INVALID_INPUT", "callbackUrl must be a URL"));
    }
    const from = parseDateTime(body.startDate);
    const to = parseDateTime(body.endDate);
    if (from === null || to === null) return deps.send(res, 400, rejected("INVALID_INPUT", "startDate and endDate must be date-times"));
    if (deps.options.rejectWith) return deps.send(res, 200, rejected(deps.options.rejectWith, "The statement was rejected"));
    if (to <= from || to - from > MAX_RANGE) return deps.send(res, 200, rejected("INVALID_DATE_RANGE", "The date range must be positive and at most 31 days"));
    if (![...deps.wallets()].includes(`${wallet.country}:${wallet.currency}`)) return deps.send(res, 200, rejected("WALLET_NOT_FOUND", "No such wallet"));
    const statement: Statement = {
      id: randomUUID(),
      wallet: { country: wallet.country, currency: wallet.currency, ...(typeof wallet.provider === "string" ? { provider: wallet.provider } : {}) },
      created: iso(deps.now()),
      startDate: body.startDate as string,
      endDate: body.endDate as string,
      from,
      to,
      compressed: body.compressed === true,
      polls: 0,
      token: randomBytes(16).toString("hex"),
    };
    statements.set(statement.id, statement);
    return deps.send(res, 200, { statementId: statement.id, status: "ACCEPTED", created: statement.created });
  }

  return { handle, statements: () => [...statements.values()] };
}
