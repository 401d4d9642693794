import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCallbackKeyCache } from "@/lib/connectors/pawapay/callbacks";
import { clearActiveConfCache } from "@/lib/connectors/pawapay/client";
import { servingAccount } from "@/lib/connectors/get-route";
import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { getPrisma } from "@/lib/db/client";
import { minorToDecimalString } from "@/lib/money";
import { metrics } from "@/lib/observability/metrics";
import { refreshDatabaseGauges } from "@/lib/platform/database-gauges";
import { pollOrder, submitOrder } from "@/lib/orders/orders";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { reconcileAccount, reconcilePreviousDay, recordUnknownCallbackReference } from "@/lib/reconciliation";
import { airtelSimulatorSecrets, startAirtelSimulator, type AirtelSimulator } from "@/simulators/airtel";
import type { OperatorTruth } from "@/simulators/kit/truth";
import { MPESA_SIM_SETTINGS, mpesaSimulatorSecrets, startMpesaSimulator, type MpesaSimulator } from "@/simulators/mpesa-daraja";
import { runMtnMomoSimulator, SIMULATOR_CREDENTIALS, type MtnSimulator } from "@/simulators/mtn-momo";
import { startOrangeWebpaySimulator, type OrangeSimulator } from "@/simulators/orange-webpay";
import { startPawapaySimulator, type PawapaySimulator } from "@/simulators/pawapay";
import { startWaveSimulator, type WaveSimulator } from "@/simulators/wave";
import { startCallbackPlatform } from "../helpers/callback-platform";
import { pawapayCallbackAnswers } from "../helpers/connector-flow";
import { directBody, initiatePayment } from "../helpers/payments";
import { quoteAndInitiate } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * Reconciliation against every operator's contract simulator (docs/design/reconciliation.md), in
 * production mode with the real connectors: for each operator, a day of real collects
 * reconciles clean (run and statement import: zero mismatches); then one of each kind is planted
 * — our record of a paid order turned failed (status differs), its amount changed (amount
 * differs), another's reference lost (missing at the operator, and the operator's record of it
 * missing on our side), a transaction made at the operator behind our back, whose callback
 * names a reference we do not know — and each is reported by `recon:run` (status per reference,
 * Wave's transaction list) or `recon:import` (the operator's statement file), listed by
 * `recon:report`, counted in the metrics, resolved with evidence or cleared when both sides
 * agree again. One pass per operator; no sleeps beyond the simulators' own callbacks.
 */
type Kind = "missing_on_our_side" | "missing_at_operator" | "status_differs" | "amount_differs" | "unknown_callback_reference" | "float_differs";

type Operator = {
  name: string;
  account: string;
  body: Record<string, unknown>;
  merchant: () => Promise<Awaited<ReturnType<typeof createLiveMerchant>>>;
  /** The customer approves on the operator's side (a clock step, a page). */
  pays(outcome: { reference: string; operatorReference: string | null }): Promise<void>;
  idle(): Promise<void>;
  truth(): OperatorTruth[];
  /** The operator's statement for these truth rows, and the --column flags when its layout is not published. */
  statement(rows: OperatorTruth[]): { csv: string; flags: string[] };
  /** What a per-reference run can find here (beyond status and, where the status states amounts, amount). */
  runFinds: Kind[];
  /** What the statement import finds of the planted collects (default: every kind a file can show). */
  importFinds?: Kind[];
};

let platform: Awaited<ReturnType<typeof startCallbackPlatform>>;
let mtn: MtnSimulator;
let pawapay: PawapaySimulator;
let wave: WaveSimulator;
let orange: OrangeSimulator;
let mpesa: MpesaSimulator;
let airtel: AirtelSimulator;
const dir = mkdtempSync(path.join(tmpdir(), "recon-"));
const trace: string[] = [];
const prefixed = (prefix: string, secrets: Record<string, string>) => Object.fromEntries(Object.entries(secrets).map(([k, v]) => [`${prefix}_${k}`, v]));
const major = (t: OperatorTruth) => minorToDecimalString(t.amountMinor, t.currency);
const STATUS_WORD = { succeeded: "SUCCESSFUL", failed: "FAILED", pending: "PENDING", reversed: "REVERSED" } as const;
/** A statement in a layout the operator does not publish: the columns are named on the command line. */
function genericStatement(rows: OperatorTruth[], reference: (t: OperatorTruth) => string) {
  const csv = ["Ref;Operator Id;Amount;Currency;Status;Kind", ...rows.map((t) => [reference(t), t.operatorReference ?? "", major(t), t.currency, STATUS_WORD[t.state], t.direction].join(";"))].join("\n");
  return { csv, flags: ["--column", "reference=Ref", "--column", "operatorReference=Operator Id", "--column", "amount=Amount", "--column", "currency=Currency", "--column", "status=Status", "--column", "type=Kind"] };
}

beforeAll(async () => {
  platform = await startCallbackPlatform();
  clearActiveConfCache();
  clearCallbackKeyCache();
  [mtn, pawapay, wave, orange, mpesa, airtel] = await Promise.all([
    runMtnMomoSimulator({ port: 0, callbackHost: "127.0.0.1", settleAfterSeconds: 2, log: () => {} }),
    startPawapaySimulator({ callbackUrl: `${platform.url}/api/v1/connectors/pawapay-ci/callback` }),
    startWaveSimulator({ webhookUrl: `${platform.url}/api/v1/connectors/wave-sn/callback` }),
    startOrangeWebpaySimulator({ requireHttpsNotifUrl: false }),
    startMpesaSimulator({ allowHttpCallbacks: true, settleAfterSeconds: 2 }),
    startAirtelSimulator({ callbackUrl: `${platform.url}/api/v1/connectors/airtel-ga/callback`, callbackSecret: "recon-callback-secret", settleAfterSeconds: 2 }),
  ]);
  enterProduction({
    PUBLIC_BASE_URL: platform.url,
    PUBLIC_URL: "https://pay.example.test", // Wave wants https success/error URLs
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    PAWAPAY_SIM_API_TOKEN: pawapay.token(),
    WAVE_SIM_API_KEY: wave.admin.apiKey(),
    WAVE_SIM_WEBHOOK_SECRET: wave.admin.config.webhookSecrets[0]!,
    ORANGE_SIM_CLIENT_ID: orange.admin.credentials.clientId,
    ORANGE_SIM_CLIENT_SECRET: orange.admin.credentials.clientSecret,
    ORANGE_SIM_MERCHANT_KEY: orange.admin.credentials.merchantKey,
    ...prefixed("MTN_SIM", SIMULATOR_CREDENTIALS),
    ...prefixed("MPESA_SIM", mpesaSimulatorSecrets(mpesa)),
    ...prefixed("AIRTEL_SIM", airtelSimulatorSecrets(airtel)),
  });
  await ensureReferenceData();
  const { targetEnvironment, currency } = mtn.admin.config;
  const accounts = [
    ["mtn-ci", "mtn-momo", mtn.url, ["targetEnvironment=" + targetEnvironment, "currency=" + currency, "callbackHost=127.0.0.1"], "MTN_SIM"],
    ["pawapay-ci", "pawapay", pawapay.url, ["requireSignedCallbacks=true"], "PAWAPAY_SIM"],
    ["wave-sn", "wave", wave.url, [], "WAVE_SIM"],
    ["orange-sn", "orange-webpay", orange.url, ["countryPath=sn"], "ORANGE_SIM"],
    ["safaricom-ke", "mpesa-daraja", mpesa.url, Object.entries(MPESA_SIM_SETTINGS).map(([k, v]) => `${k}=${v}`), "MPESA_SIM"],
    ["airtel-ga", "airtel", airtel.url, ["country=GA", "currency=XAF", "callbackAuth=true"], "AIRTEL_SIM"],
  ] as const;
  for (const [id, type, url, settings, env] of accounts) {
    const added = await ops("connector:add", "--id", id, "--type", type, "--base-url", url, ...settings.flatMap((s) => ["--setting", s]), "--secrets-env", env);
    expect(added.code, added.output).toBe(0);
  }
  for (const [country, provider, account] of [["CI", "mtn", "mtn-ci"], ["CI", "orange", "pawapay-ci"], ["SN", "wave", "wave-sn"], ["SN", "orange", "orange-sn"], ["KE", "mpesa", "safaricom-ke"], ["GA", "airtel", "airtel-ga"]]) {
    const routed = await ops("route:set", "--country", country!, "--provider", provider!, "--direction", "collect", "--account", account!);
    expect(routed.code, routed.output).toBe(0);
  }
  expect((await ops("route:set", "--country", "KE", "--provider", "mpesa", "--direction", "payout", "--account", "safaricom-ke")).code).toBe(0);
});

afterAll(async () => {
  console.log(["── reconciliation against every simulator ──", ...trace].join("\n"));
  await Promise.all([mtn?.close(), pawapay?.close(), wave?.close(), orange?.close(), mpesa?.close(), airtel?.close(), platform?.close()]);
  restoreEnv();
});

let senegal: Awaited<ReturnType<typeof createLiveMerchant>> | undefined;
const sn = async () => (senegal ??= await createLiveMerchant());

const operators = (): Operator[] => [
  {
    name: "MTN MoMo",
    account: "mtn-ci",
    body: { provider: "mtn", country: "CI", customerPhone: "+2250500000001" },
    merchant: sn,
    pays: async () => mtn.admin.advanceClock(3),
    idle: () => mtn.admin.idle(),
    truth: () => mtn.truth(),
    statement: (rows) => genericStatement(rows, (t) => t.reference),
    // The operator publishes our float: the planted failure and amount, and the foreign collect, move it unlike our orders.
    runFinds: ["status_differs", "amount_differs", "missing_at_operator", "float_differs"],
  },
  {
    name: "pawaPay",
    account: "pawapay-ci",
    body: { provider: "orange", country: "CI", customerPhone: "+2250700000789" },
    merchant: sn,
    // Completed by the simulator itself; its signed callback follows.
    pays: async (o) => void (await pawapayCallbackAnswers(pawapay, o.reference)),
    idle: () => pawapay.admin.idle(),
    truth: () => pawapay.truth(),
    // pawaPay's published wallet statement: money that moved, Transaction ID = our depositId.
    statement: (rows) => ({
      csv: ["Creation Date,MSISDN,Transaction ID,Amount,Currency,Country,MNO,Type", ...rows.filter((t) => t.state === "succeeded").map((t) => [new Date().toISOString().slice(0, 19).replace("T", " "), "2250700000789", t.reference, major(t), t.currency, "CIV", "ORANGE_CIV", "DEPOSIT"].join(","))].join("\n"),
      flags: [],
    }),
    // The run reads the wallet statement through the API (POST /v2/statements), which finds the
    // lost reference and the foreign collect; and the float, which they move unlike our orders.
    runFinds: ["status_differs", "amount_differs", "missing_at_operator", "missing_on_our_side", "float_differs"],
  },
  {
    name: "Wave",
    account: "wave-sn",
    body: { provider: "wave", country: "SN", customerPhone: "+221770000012" },
    merchant: sn,
    pays: async (o) => wave.admin.pay(o.operatorReference!),
    idle: () => wave.admin.idle(),
    truth: () => wave.truth(),
    statement: (rows) => genericStatement(rows, (t) => t.reference),
    // Its transaction list shows what we do not know, in a run.
    // Wave publishes our float: the planted amount and the money under no order of ours move it unlike our orders.
    runFinds: ["status_differs", "amount_differs", "missing_at_operator", "missing_on_our_side", "float_differs"],
  },
  {
    name: "Orange WebPay",
    account: "orange-sn",
    body: { provider: "orange", country: "SN", customerPhone: "+221770000015" },
    merchant: sn,
    pays: async (o) => orange.admin.pay(o.operatorReference!),
    idle: () => orange.admin.idle(),
    truth: () => orange.truth(),
    statement: (rows) => genericStatement(rows, (t) => `txn_${t.reference}`),
    // Its status states no amount (and refuses a query whose amount is not the order's: unanswered).
    runFinds: ["status_differs", "missing_at_operator"],
  },
  {
    name: "M-Pesa Daraja",
    account: "safaricom-ke",
    body: { provider: "mpesa", country: "KE", currency: "KES", customerPhone: "+254712345678" },
    merchant: async () => createLiveMerchant({ country: "KE" }),
    pays: async () => mpesa.admin.advanceClock(3),
    idle: () => mpesa.admin.idle(),
    truth: () => mpesa.truth(),
    statement: mpesaStatement,
    // STK query states no amount; without its CheckoutRequestID a lost reference cannot be asked.
    runFinds: ["status_differs"],
    // The statement names a collect by its receipt, which the STK query never gives us: collects
    // are asked by status (payouts are reconciled from the statement, below).
    importFinds: ["status_differs"],
  },
  {
    name: "Airtel Money",
    account: "airtel-ga",
    body: { provider: "airtel", country: "GA", currency: "XAF", customerPhone: "+24174000001" },
    merchant: sn,
    pays: async () => airtel.admin.advanceClock(3),
    idle: () => airtel.admin.idle(),
    truth: () => airtel.truth(),
    statement: (rows) => genericStatement(rows, (t) => t.reference),
    // Its enquiry states no amount; its published float (the collection wallet) does: the planted
    // failure and amount move it unlike our orders.
    runFinds: ["status_differs", "missing_at_operator", "float_differs"],
  },
];

/** The organisation statement of the M-Pesa portal: receipts, Paid In (STK) / Withdrawn (B2C), the status words. */
function mpesaStatement(rows: OperatorTruth[]) {
  const money = (t: OperatorTruth) => `"${Number(major(t)).toLocaleString("en-US", { minimumFractionDigits: 2 })}"`;
  const csv = [
    "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance",
    ...rows
      .filter((t) => t.operatorReference && t.state !== "pending")
      .map((t) => [t.operatorReference, "", "", t.direction === "collect" ? "Pay Bill Online" : "Business Payment", t.state === "succeeded" ? "Completed" : "Failed", t.direction === "collect" ? money(t) : "", t.direction === "collect" ? "" : `-${money(t).replace(/"/g, "")}`, ""].join(",")),
  ].join("\n");
  return { csv, flags: [] };
}

const prisma = () => getPrisma();
const payment = async (id: string) => (await prisma()).payment.findUniqueOrThrow({ where: { id } });
const payoutRow = async (id: string) => (await prisma()).payout.findUniqueOrThrow({ where: { id } });

/** Collects through our API and the engine, side by side, paid by the customer at the operator: success. */
async function paidCollects(op: Operator, m: Awaited<ReturnType<typeof createLiveMerchant>>, amounts: number[]): Promise<string[]> {
  return Promise.all(
    amounts.map(async (amount) => {
      const res = await initiatePayment(m.headers, directBody({ ...op.body, amount }));
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const id = res.json.data.transactionId as string;
      await submitOrder(id);
      const sent = await payment(id);
      await op.pays({ reference: sent.providerRequestRef!, operatorReference: sent.providerReference });
      await op.idle();
      for (let i = 0; i < 3 && (await payment(id)).status !== "success"; i++) await pollOrder(id);
      expect((await payment(id)).status, `${op.name} ${id}`).toBe("success");
      return id;
    }),
  );
}

/** A collect made at the operator through our account's credentials, behind our platform's back: no order of ours. */
async function foreignCollect(op: Operator): Promise<string> {
  const serving = (await servingAccount(op.account, "production"))!;
  const id = `txn_x${randomUUID().replace(/-/g, "").slice(0, 20)}`;
  const reference = serving.connector.capabilities.uuidReference ? randomUUID() : id;
  const outcome: ConnectorOutcome = await serving.connector.collect(serving.context, {
    transactionId: id,
    reference,
    provider: op.body.provider as string,
    country: op.body.country as string,
    currency: (op.body.currency as string) ?? (op.body.country === "GA" ? "XAF" : "XOF"),
    amountMinor: op.body.currency === "KES" ? 7_700n : 777n, // whole units (Daraja takes whole shillings)
    phone: op.body.customerPhone as string,
    returnUrl: "https://pay.example.test/elsewhere",
    cancelUrl: "https://pay.example.test/elsewhere",
  });
  expect(["processing", "success"], `${op.name} foreign collect: ${JSON.stringify(outcome)}`).toContain(outcome.status);
  await op.pays({ reference, operatorReference: "operatorReference" in outcome ? (outcome.operatorReference ?? null) : null });
  await op.idle();
  return reference;
}

async function statementFile(op: Operator, name: string): Promise<{ file: string; flags: string[] }> {
  const { csv, flags } = op.statement(op.truth());
  const file = path.join(dir, `${op.account}-${name}.csv`);
  writeFileSync(file, csv);
  return { file, flags };
}

const kinds = (found: { kind: string }[]) => [...new Set(found.map((m) => m.kind))].sort();

describe("reconciliation against every operator's simulator", () => {
  for (const op of operators()) {
    it(`${op.name}: a clean day reports zero; a planted mismatch of each kind is reported, listed, counted, resolved`, async () => {
      const db = await prisma();
      const m = await op.merchant();
      const from = new Date(Date.now() - 1000);
      // A clean day: three paid collects.
      const [a, b, c] = (await paidCollects(op, m, [1_500, 2_500, 3_500])) as [string, string, string];
      const to = new Date(Date.now() + 1000);
      const clean = await reconcileAccount(db, { accountId: op.account, from, to, now: new Date(), trigger: "test" });
      expect(clean.mismatches, `${op.name} clean run: ${JSON.stringify(clean)}`).toEqual([]);
      expect(clean.compared).toBe(3);
      const cleanFile = await statementFile(op, "clean");
      const cleanImport = await ops("recon:import", "--account", op.account, "--file", cleanFile.file, "--from", from.toISOString(), "--to", to.toISOString(), ...cleanFile.flags);
      expect(cleanImport.code, cleanImport.output).toBe(0);
      expect(cleanImport.output).toContain("no mismatch");

      // Planted: A is failed on our side, B's amount is not what moved, C's reference is lost (its
      // operator id too), and a collect is made at the operator behind our back.
      await db.payment.update({ where: { id: a }, data: { status: "failed" } });
      await db.payment.update({ where: { id: b }, data: { amount: 2_400n } });
      const lost = (await payment(c)).providerRequestRef!;
      const ghost = op.account === "mtn-ci" || op.account === "pawapay-ci" ? randomUUID() : `txn_ghost${randomUUID().slice(0, 8)}`;
      await db.payment.update({ where: { id: c }, data: { providerRequestRef: ghost, providerReference: null } });
      // Lost from its attempt too: an attempt's reference is matched as the order's (order_attempts).
      await db.orderAttempt.updateMany({ where: { orderId: c }, data: { reference: ghost, operatorReference: null } });
      const foreign = await foreignCollect(op);
      const until = new Date(Date.now() + 1000);

      // The callback of the foreign collect named a reference we hold no order for: kept.
      const unknown = await db.reconciliationMismatch.findMany({ where: { accountId: op.account, kind: "unknown_callback_reference" } });
      expect(unknown.map((u) => u.reference), `${op.name}: the foreign collect's callback`).toContain(foreign);
      // …and answered as before: 200, the operator has nothing to retry.
      if (op.account === "pawapay-ci") expect(await pawapayCallbackAnswers(pawapay, foreign)).toEqual([200]);
      if (op.account === "mtn-ci") expect(mtn.admin.callbacks().filter((cb) => cb.referenceId === foreign).map((cb) => cb.httpStatus)).toEqual([200]);

      // A run: status per reference (and Wave's list).
      const run = await reconcileAccount(db, { accountId: op.account, from, to: until, now: new Date(), trigger: "test" });
      const byKind = (kind: Kind) => run.mismatches.filter((x) => x.kind === kind);
      expect(kinds(run.mismatches), `${op.name} run: ${JSON.stringify(run.mismatches.map((x) => [x.kind, x.reference]))} ${run.notes.join("; ")}`).toEqual([...op.runFinds].sort());
      expect(byKind("status_differs").map((x) => x.orderId)).toEqual([a]);
      if (op.runFinds.includes("amount_differs")) expect(byKind("amount_differs")[0]).toMatchObject({ orderId: b, ours: { amountMinor: "2400" }, theirs: { amountMinor: "2500" } });
      if (op.runFinds.includes("missing_at_operator")) expect(byKind("missing_at_operator")[0]).toMatchObject({ orderId: c, reference: ghost });

      // The operator's statement file: every kind a file can show.
      const file = await statementFile(op, "planted");
      const imported = await ops("recon:import", "--account", op.account, "--file", file.file, "--from", from.toISOString(), "--to", until.toISOString(), "--json", ...file.flags);
      expect(imported.code, "open mismatches: exit 3").toBe(3);
      const result = JSON.parse(imported.output) as { mismatches: { kind: string; reference: string; orderId: string | null; id: string }[] };
      const importFinds = op.importFinds ?? ["amount_differs", "missing_at_operator", "missing_on_our_side", "status_differs"];
      expect(kinds(result.mismatches), `${op.name} import: ${imported.output}`).toEqual([...importFinds].sort());
      if (importFinds.includes("missing_on_our_side")) expect(result.mismatches.filter((x) => x.kind === "missing_on_our_side").length, `${op.name}: the lost reference and the foreign collect`).toBe(2);

      // Listed by recon:report, counted in the metrics.
      const report = await ops("recon:report", "--account", op.account, "--json");
      const listed = (JSON.parse(report.output) as { mismatches: { kind: string }[] }).mismatches;
      expect(kinds(listed)).toEqual(kinds([...op.runFinds, ...importFinds, "unknown_callback_reference"].map((kind) => ({ kind }))));
      await refreshDatabaseGauges();
      const open = (await metrics().reconciliationMismatches.get()).values.filter((v) => v.labels.account === op.account);
      expect(open.reduce((n, v) => n + v.value, 0)).toBe(listed.length);

      // Resolved only with evidence (audited); the status difference ends when both sides agree again.
      // (B's amount where one was found, else the unknown callback, which is no merchant's.)
      const amount =
        (await db.reconciliationMismatch.findFirst({ where: { accountId: op.account, orderId: { in: [b, c] }, resolvedAt: null }, orderBy: { kind: "asc" } })) ??
        (await db.reconciliationMismatch.findFirstOrThrow({ where: { accountId: op.account, kind: "unknown_callback_reference", reference: foreign } }));
      await expect(ops("recon:resolve", "--id", amount.id, "--evidence", "short")).rejects.toThrow(/at least 10 characters/);
      expect((await ops("recon:resolve", "--id", amount.id, "--evidence", `operator statement ${op.account}: what moved, line by line`, "--by", "awa")).code).toBe(0);
      expect((await db.reconciliationMismatch.findUniqueOrThrow({ where: { id: amount.id } })).resolvedBy).toBe("ops:awa");
      await expect(ops("recon:resolve", "--id", amount.id, "--evidence", "a second answer for the same difference")).rejects.toThrow(/was resolved on/);
      if (amount.merchantId) {
        const audit = await db.auditLog.findFirst({ where: { merchantId: m.merchant.id, action: "reconciliation.resolved" }, orderBy: { createdAt: "desc" } });
        expect(audit).toMatchObject({ actor: "ops:awa", details: expect.objectContaining({ mismatchId: amount.id, orderId: amount.orderId }) });
      }
      await db.payment.update({ where: { id: a }, data: { status: "success" } });
      const again = await reconcileAccount(db, { accountId: op.account, from, to: until, now: new Date(), trigger: "test" });
      expect(again.cleared).toBeGreaterThanOrEqual(1);
      const status = await db.reconciliationMismatch.findFirstOrThrow({ where: { accountId: op.account, kind: "status_differs", orderId: a } });
      expect(status).toMatchObject({ resolvedBy: "reconciliation", evidence: expect.stringContaining("agreeing") });
      trace.push(`${op.name}: clean run ${clean.compared} compared, 0 mismatches; planted run → ${kinds(run.mismatches).join(", ")}; statement → ${kinds(result.mismatches).join(", ")}; callback → unknown_callback_reference; resolved with evidence, cleared on agreement`);
    });
  }

  it("M-Pesa Daraja payouts, whose status answers only later on a callback: reconciled from the organisation statement, every kind", async () => {
    const db = await prisma();
    const mpesaOp = operators().find((o) => o.account === "safaricom-ke")!;
    const m = await createLiveMerchant({ country: "KE" });
    await paidCollects(mpesaOp, m, [3_000, 3_000]);
    await runSettlement({ merchantId: m.merchant.id });
    // The window starts a second back (clock margin): the funding collects just made must fall
    // before it, or one of them is counted among the payouts' window (seen: 4 unanswered, not 3).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const from = new Date(Date.now() - 1000);
    const paid: string[] = [];
    for (const amount of [500, 600, 700]) {
      const { payout } = await quoteAndInitiate(m.headers, { amount, currency: "KES", destinationCountry: "KE", method: "mpesa" }, { recipient: { phone: "+254712345679", name: "Wanjiru Kamau" } });
      expect(payout.status, JSON.stringify(payout.json)).toBe(201);
      const po = payout.json.transactionId as string;
      await submitOrder(po);
      mpesa.admin.advanceClock(3); // the B2C result arrives (a hint); Transaction Status answers on its own callback
      await mpesa.admin.idle();
      for (let i = 0; i < 3 && (await payoutRow(po)).status !== "success"; i++) {
        await pollOrder(po);
        await mpesa.admin.idle();
      }
      expect(await payoutRow(po)).toMatchObject({ status: "success", providerReference: expect.stringMatching(/^S/) });
      paid.push(po);
    }
    const [a, b, c] = paid as [string, string, string];
    const to = new Date(Date.now() + 1000);
    const cleanRun = await reconcileAccount(db, { accountId: "safaricom-ke", from, to, now: new Date(), trigger: "test" });
    expect(cleanRun).toMatchObject({ mismatches: [], unanswered: 3, notes: [expect.stringContaining("recon:import")] });
    const clean = path.join(dir, "mpesa-payouts-clean.csv");
    writeFileSync(clean, mpesaStatement(mpesa.truth()).csv);
    const cleanImport = await ops("recon:import", "--account", "safaricom-ke", "--file", clean, "--from", from.toISOString(), "--to", to.toISOString());
    expect(cleanImport.code, cleanImport.output).toBe(0);

    await db.payout.update({ where: { id: a }, data: { status: "failed" } });
    await db.payout.update({ where: { id: b }, data: { destinationAmount: 59_000n } });
    const ghost = `po_ghost${randomUUID().slice(0, 8)}`;
    await db.payout.update({ where: { id: c }, data: { providerRequestRef: ghost, providerReference: null } });
    await db.orderAttempt.updateMany({ where: { orderId: c }, data: { reference: ghost, operatorReference: null } });
    // A B2C made with our credentials behind the platform's back: its result callback names a reference we do not know.
    const serving = (await servingAccount("safaricom-ke", "production"))!;
    const foreign = `po_x${randomUUID().replace(/-/g, "").slice(0, 20)}`;
    expect(await serving.connector.payout(serving.context, { payoutId: foreign, reference: foreign, method: "mobile_money", provider: "mpesa", country: "KE", currency: "KES", amountMinor: 40_000n, destination: "+254712345679" })).toMatchObject({ status: "processing" });
    mpesa.admin.advanceClock(3);
    await mpesa.admin.idle();
    expect((await db.reconciliationMismatch.findMany({ where: { accountId: "safaricom-ke", kind: "unknown_callback_reference" } })).map((u) => u.reference)).toContain(foreign);

    const planted = path.join(dir, "mpesa-payouts-planted.csv");
    writeFileSync(planted, mpesaStatement(mpesa.truth()).csv);
    const imported = await ops("recon:import", "--account", "safaricom-ke", "--file", planted, "--from", from.toISOString(), "--to", new Date(Date.now() + 1000).toISOString(), "--json");
    const result = JSON.parse(imported.output) as { mismatches: { kind: string; orderId: string | null }[] };
    expect(kinds(result.mismatches), imported.output).toEqual(["amount_differs", "missing_at_operator", "missing_on_our_side", "status_differs"]);
    expect(result.mismatches.filter((x) => x.kind !== "missing_on_our_side").map((x) => [x.kind, x.orderId]).sort()).toEqual([["amount_differs", b], ["missing_at_operator", c], ["status_differs", a]]);
    expect(result.mismatches.filter((x) => x.kind === "missing_on_our_side")).toHaveLength(2);
    trace.push(`M-Pesa payouts: run → unanswered (Transaction Status answers on a callback), statement → ${kinds(result.mismatches).join(", ")}; foreign B2C → unknown_callback_reference`);
  });

  it("an order's earlier attempts are matched under their own references: one that took nothing agrees, one that took money unaccounted for differs, one with a recorded duplicate charge is that charge's business", async () => {
    const db = await prisma();
    const mtnOp = operators().find((o) => o.account === "mtn-ci")!;
    const m = await mtnOp.merchant();
    const from = new Date(Date.now() - 1000);
    const [x, y, z] = (await paidCollects(mtnOp, m, [1_000, 2_000, 3_000])) as [string, string, string];
    const to = new Date(Date.now() + 1000);
    // Each was first sent under another reference (a checkout tried again with another method).
    const early: Record<string, number> = {};
    for (const id of [x, y, z]) {
      const p = await payment(id);
      const attempt = await db.orderAttempt.create({
        data: { orderId: id, direction: "collect", merchantId: p.merchantId, environment: "production", number: 0, reference: `early-${id}`, accountId: "mtn-ci", provider: p.provider, destination: p.customerPhone, sentAt: new Date(from.getTime() + 10) },
      });
      early[id] = attempt.id;
    }
    const zp = await payment(z);
    await db.duplicateCharge.create({
      data: { id: `dup_${randomUUID().replace(/-/g, "").slice(0, 20)}`, paymentId: z, merchantId: zp.merchantId, environment: "production", attemptId: early[z]!, chargedReference: `early-${z}`, paidReference: zp.providerRequestRef, cause: "paid_twice", amount: 3_000n, currency: zp.currency, provider: zp.provider!, country: zp.country!, status: "held" },
    });
    const record = (reference: string, state: "success" | "failed", amount: number) => ({ reference, operatorReference: null, direction: "collect" as const, state, amountMinor: BigInt(amount), currency: zp.currency, at: new Date() });
    const statement = [
      ...(await Promise.all([x, y, z].map(async (id) => record((await payment(id)).providerRequestRef!, "success", Number((await payment(id)).amount))))),
      record(`early-${x}`, "failed", 1_000), // took nothing: agrees
      record(`early-${y}`, "success", 2_000), // took money, no duplicate charge recorded: a difference
      record(`early-${z}`, "success", 3_000), // took money, recorded as a duplicate charge
    ];
    const run = await reconcileAccount(db, { accountId: "mtn-ci", from, to, now: new Date(), trigger: "test", statement, statementCovers: ["collect"] });
    expect(run.mismatches.map((x) => [x.kind, x.reference, x.orderId])).toEqual([["status_differs", `early-${y}`, y]]);
    expect(run.mismatches[0]).toMatchObject({ ours: { status: "success" }, theirs: { status: "moved" } });
    expect(run.compared).toBe(5);

    // Later the operator's record says the attempt failed after all: that mismatch ends, the order's others are untouched.
    const again = await reconcileAccount(db, { accountId: "mtn-ci", from, to, now: new Date(), trigger: "test", statement: statement.map((r) => (r.reference === `early-${y}` ? { ...r, state: "failed" as const } : r)), statementCovers: ["collect"] });
    expect(again.mismatches).toEqual([]);
    expect(again.cleared).toBe(1);
    trace.push("attempts: an earlier attempt's records are judged under its own reference (agree, differ, duplicate charge)");
  });

  it("unknown callback references are kept up to a daily cap per account (a flood of forged hints cannot fill the table); one seen again is counted", async () => {
    const db = await prisma();
    const keep = (reference: string) => recordUnknownCallbackReference(db, { environment: "production", accountId: "flooded", reference, direction: null, verified: false, now: new Date(), cap: 2 });
    expect([await keep("r1"), await keep("r2"), await keep("r3"), await keep("r1")]).toEqual([true, true, false, true]);
    const rows = await db.reconciliationMismatch.findMany({ where: { accountId: "flooded" }, orderBy: { reference: "asc" } });
    expect(rows.map((r) => [r.reference, r.seenCount, (r.theirs as { verified: boolean }).verified])).toEqual([["r1", 2, false], ["r2", 1, false]]);
  });

  it("the daily sweep reconciles yesterday once per account, whichever worker comes first", async () => {
    const now = new Date(Date.now() + 24 * 3600_000);
    const first = await reconcilePreviousDay({ now });
    expect(first.accounts.map((a) => a.outcome)).toEqual(first.accounts.map(() => "reconciled"));
    expect(first.accounts.map((a) => a.accountId).sort()).toEqual(["airtel-ga", "mtn-ci", "orange-sn", "pawapay-ci", "safaricom-ke", "wave-sn"]);
    const second = await reconcilePreviousDay({ now: new Date(now.getTime() + 3600_000) });
    expect(second.accounts.map((a) => a.outcome)).toEqual(second.accounts.map(() => "already"));
  });
});
