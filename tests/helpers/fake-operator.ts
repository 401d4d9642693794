import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import type { Connector, ConnectorOutcome, NeutralReason } from "@/lib/connectors/connector";
import { registerConnectorForTests } from "@/lib/connectors/registry";

/**
 * A tiny operator for tests of the seam: a real HTTP server (202-then-poll, duplicates, 404 for
 * unknown references, 5xx and lost answers on demand, signed or unsigned callbacks) and the
 * `fake-operator` connector that speaks to it, registered only in the test process. The MTN and
 * pawaPay e2e tests use their own connectors and contract simulators with the same harness
 * (tests/helpers/production-instance.ts).
 */
export type FakeOrder = {
  reference: string;
  direction: string;
  amount: string;
  destination: string;
  status: FakeStatus;
  reason?: NeutralReason;
  paid?: { amount: string; currency: string };
  /** A refund: the reference of the collect it refunds. */
  collectReference?: string;
};

/** RECONCILING: accepted, the outcome unclear to the operator itself (pawaPay IN_RECONCILIATION, Airtel TA). */
export type FakeStatus = "PENDING" | "RECONCILING" | "SUCCESSFUL" | "FAILED";

export type FakeOperator = {
  baseUrl: string;
  orders: Map<string, FakeOrder>;
  requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: string }[];
  /**
   * `down`: every call 503; `commit-then-hang`: a submit is recorded, then no answer comes;
   * `drop-submits`: a submit is answered 503 and never recorded (status checks answer as usual).
   */
  mode: "up" | "down" | "commit-then-hang" | "drop-submits";
  /** Final answer given to new orders at once (else they stay PENDING until settle()). */
  instant: null | { status: "SUCCESSFUL" } | { status: "FAILED"; reason: NeutralReason };
  settle(reference: string, status: Exclude<FakeStatus, "PENDING">, reason?: NeutralReason): void;
  submits(): number;
  close(): Promise<void>;
};

export const FAKE_TYPE = "fake-operator";

export async function startFakeOperator(apiKey: string): Promise<FakeOperator> {
  const hanging = new Set<() => void>();
  const operator: FakeOperator = {
    baseUrl: "",
    orders: new Map(),
    requests: [],
    mode: "up",
    instant: null,
    settle(reference, status, reason) {
      const order = operator.orders.get(reference);
      if (!order) throw new Error(`no order ${reference}`);
      order.status = status;
      order.reason = reason;
    },
    submits: () => operator.requests.filter((r) => r.method === "POST" && r.path === "/orders").length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = (req.url ?? "/").split("?")[0];
    operator.requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(payload === undefined ? "" : JSON.stringify(payload));
    };
    if (operator.mode === "down") return send(503, { error: "SERVICE_UNAVAILABLE" });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { error: "UNAUTHORIZED" });
    if (req.method === "GET" && path === "/health") return send(200, { ok: true });
    if (req.method === "POST" && path === "/orders") {
      if (operator.mode === "drop-submits") return send(503, { error: "SERVICE_UNAVAILABLE" });
      const input = JSON.parse(body) as Omit<FakeOrder, "status">;
      if (operator.orders.has(input.reference)) return send(409, { error: "DUPLICATE" });
      operator.orders.set(input.reference, { ...input, status: operator.instant?.status ?? "PENDING", reason: operator.instant?.status === "FAILED" ? operator.instant.reason : undefined });
      if (operator.mode === "commit-then-hang") {
        await new Promise<void>((resolve) => hanging.add(resolve));
        return void res.destroy();
      }
      return send(202);
    }
    const status = /^\/orders\/([^/]+)$/.exec(path);
    if (req.method === "GET" && status) {
      const order = operator.orders.get(decodeURIComponent(status[1]));
      return order ? send(200, order) : send(404, { error: "NOT_FOUND" });
    }
    return send(404, { error: "NO_ROUTE" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  operator.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return operator;
}

export const signFakeCallback = (secret: string, rawBody: string) => createHmac("sha256", secret).update(rawBody).digest("hex");

function outcomeOf(order: FakeOrder): ConnectorOutcome {
  const raw = { status: order.status, code: order.reason };
  // `paid`: what the operator says it moved, when it says (a success's amount and currency).
  const amount = order.paid ? { amount: { minor: BigInt(order.paid.amount), currency: order.paid.currency } } : {};
  if (order.status === "SUCCESSFUL") return { status: "success", operatorReference: `op-${order.reference}`, raw, ...amount };
  if (order.status === "RECONCILING") return { status: "processing", ambiguous: true, operatorReference: `op-${order.reference}`, raw };
  if (order.status === "FAILED") return { status: "failed", reason: order.reason ?? "other", message: `The operator refused (${order.reason ?? "unknown"}).`, operatorReference: `op-${order.reference}`, raw };
  return { status: "processing", operatorReference: `op-${order.reference}`, raw };
}

function answerToSubmit(status: number): ConnectorOutcome {
  if (status === 202) return { status: "processing" };
  if (status === 409) return { status: "duplicate" };
  if (status >= 500 || status === 429) return { status: "pending" };
  if (status === 401) return { status: "failed", reason: "configuration_error", message: "The operator refused our credentials." };
  return { status: "failed", reason: "invalid_request", message: `The operator refused the request (${status}).` };
}

export const fakeOperatorConnector: Connector<{ label?: string }> = {
  type: FAKE_TYPE,
  capabilities: { collect: "push", payout: true, refund: false, signedCallbacks: true, uuidReference: true, partialRefund: true },
  settingsSchema: z.object({ label: z.string().min(1).optional() }).strict(),
  secretNames: ["API_KEY", "CALLBACK_SECRET"],
  optionalSecrets: ["CALLBACK_SECRET"],
  defaultBaseUrl: null,
  async collect(context, order) {
    const response = await context.http({
      operation: "collect",
      method: "POST",
      url: "/orders",
      subjectId: order.transactionId,
      headers: { authorization: `Bearer ${context.secrets.API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ reference: order.reference, direction: "collect", amount: String(order.amountMinor), destination: order.phone, callbackUrl: context.callbackUrl }),
    });
    return answerToSubmit(response.status);
  },
  async payout(context, order) {
    const response = await context.http({
      operation: "payout",
      method: "POST",
      url: "/orders",
      subjectId: order.payoutId,
      headers: { authorization: `Bearer ${context.secrets.API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ reference: order.reference, direction: "payout", amount: String(order.amountMinor), destination: order.destination }),
    });
    return answerToSubmit(response.status);
  },
  async refund() {
    throw new Error("not supported");
  },
  async status(context, order) {
    const response = await context.http({
      operation: `${order.direction}.status`,
      method: "GET",
      url: `/orders/${encodeURIComponent(order.reference)}`,
      subjectId: order.id,
      headers: { authorization: `Bearer ${context.secrets.API_KEY}` },
    });
    if (response.status === 404) return { status: "not_found" };
    if (response.status !== 200) return { status: "pending" };
    return outcomeOf(JSON.parse(response.text) as FakeOrder);
  },
  async parseCallback(context, callback) {
    let body: FakeOrder;
    try {
      body = JSON.parse(callback.rawBody) as FakeOrder;
    } catch {
      return { kind: "rejected", why: "not JSON" };
    }
    const secret = context.secrets.CALLBACK_SECRET;
    const direction = body.direction === "payout" || body.direction === "refund" ? body.direction : "collect";
    if (!secret) return { kind: "hint", direction, reference: body.reference };
    const given = Buffer.from(callback.headers.get("x-signature") ?? "", "hex");
    const expected = Buffer.from(signFakeCallback(secret, callback.rawBody), "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: "rejected", why: "bad signature" };
    return { kind: "verified", direction, reference: body.reference, outcome: outcomeOf(body) };
  },
  async checkHealth(context) {
    const response = await context.http({ operation: "health", method: "GET", url: "/health", headers: { authorization: `Bearer ${context.secrets.API_KEY}` } });
    return { ok: response.status === 200, detail: `HTTP ${response.status}` };
  },
};

/** The same operator, as a connector that also refunds (`POST /orders` with direction `refund` and the collect's reference). */
export const fakeRefundingConnector: Connector<{ label?: string }> = {
  ...fakeOperatorConnector,
  type: `${FAKE_TYPE}-refunds`,
  capabilities: { ...fakeOperatorConnector.capabilities, refund: true },
  async refund(context, order) {
    const response = await context.http({
      operation: "refund",
      method: "POST",
      url: "/orders",
      subjectId: order.refundId,
      headers: { authorization: `Bearer ${context.secrets.API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ reference: order.reference, direction: "refund", amount: String(order.amountMinor), destination: order.phone, collectReference: order.collectReference }),
    });
    return answerToSubmit(response.status);
  },
};

/** Registers both fake connector types (`fake-operator`, `fake-operator-refunds`) for the test process; returns the undo. */
export const registerFakeOperator = () => {
  const undo = [registerConnectorForTests(fakeOperatorConnector), registerConnectorForTests(fakeRefundingConnector)];
  return () => undo.forEach((u) => u());
};
