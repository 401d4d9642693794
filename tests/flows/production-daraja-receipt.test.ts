import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { creditCollectPending, reconcileLedger } from "@/lib/ledger";
import { readBalances } from "@/lib/ledger/read-balances";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { pollOrder, recheckOrder, submitOrder } from "@/lib/orders/orders";
import { MPESA_SIM_SETTINGS, mpesaSimulatorSecrets, startMpesaSimulator, type MpesaSimulator } from "@/simulators/mpesa-daraja";
import { startCallbackPlatform } from "../helpers/callback-platform";
import { runCheckJobs } from "../helpers/connector-flow";
import { payoutEventTypes, quoteAndInitiate } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * M-Pesa Daraja B2C in production: a payout reaches success only through Transaction Status, and
 * Daraja finds a transaction surely by its receipt (`TransactionID`), which only the B2C result
 * callback carries — an unsigned callback, so a hint the engine keeps on the attempt
 * (`hintedOperatorReference`, lib/connectors/mpesa-daraja/README.md). The simulator here finds a
 * transaction by the receipt alone (`transactionStatusLookup: "receipt_only"`, the strictest
 * reading of Safaricom's page): a query without it is refused. The check the hint caused sends the
 * receipt; its answer is lost; every later ask — the poll job, a re-check, a review's slow asks —
 * must send it too, or the payout is never settled.
 */
let platform: Awaited<ReturnType<typeof startCallbackPlatform>>;
let mpesa: MpesaSimulator;

beforeAll(async () => {
  platform = await startCallbackPlatform();
  mpesa = await startMpesaSimulator({ allowHttpCallbacks: true, settleAfterSeconds: 2, transactionStatusLookup: "receipt_only" });
  enterProduction({
    PUBLIC_BASE_URL: platform.url,
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    ...Object.fromEntries(Object.entries(mpesaSimulatorSecrets(mpesa)).map(([k, v]) => [`MPESA_SIM_${k}`, v])),
  });
  await ensureReferenceData();
  const settings = Object.entries(MPESA_SIM_SETTINGS).flatMap(([k, v]) => ["--setting", `${k}=${v}`]);
  const added = await ops("connector:add", "--id", "safaricom-rcpt", "--type", "mpesa-daraja", "--base-url", mpesa.url, ...settings, "--secrets-env", "MPESA_SIM");
  expect(added.code, added.output).toBe(0);
  const routed = await ops("route:set", "--country", "KE", "--provider", "mpesa", "--direction", "payout", "--account", "safaricom-rcpt");
  expect(routed.code, routed.output).toBe(0);
}, 300_000);

afterAll(async () => {
  await Promise.all([mpesa?.close(), platform?.close()]);
  restoreEnv();
});

const prisma = () => getPrisma();
const payout = async (id: string) => (await prisma()).payout.findUniqueOrThrow({ where: { id } });
const statusQueries = () => mpesa.admin.requests({ path: "/mpesa/transactionstatus/v1/query" });

describe("M-Pesa Daraja in production: the B2C result's receipt is kept and used for every Transaction Status", () => {
  it("the hinted receipt goes out as TransactionID from the poll job and re-checks too, not only from the check the hint caused; the payout settles once", async () => {
    const m = await createLiveMerchant({ country: "KE" });
    await (await prisma()).$transaction((tx) =>
      creditCollectPending(tx, { environment: "production", merchantId: m.merchant.id, reference: `txn_funding_${m.merchant.id}`, provider: "mpesa", currency: "KES", gross: 10_000_000n, fee: 0n }),
    );
    await runSettlement({ merchantId: m.merchant.id });
    const available = async () => (await readBalances({ merchantId: m.merchant.id, environment: "production", currency: "KES" })).balances[0]!.categories.collect.available;
    const before = await available();

    const { payout: res } = await quoteAndInitiate(m.headers, { amount: 1_500, currency: "KES", destinationCountry: "KE", method: "mpesa" }, { recipient: { phone: "+254712345681", name: "Wanjiru Kamau" } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = res.json.transactionId as string;
    await submitOrder(id);
    expect(await payout(id)).toMatchObject({ status: "processing", providerReference: expect.stringMatching(/^AG_/) });
    // No receipt yet: Daraja (receipt only) refuses the query; the payout waits, never failed.
    expect(statusQueries().at(-1)!.answer).toBe(400);

    // Daraja pays; its B2C result (unsigned: a hint) names the receipt, kept on the attempt.
    mpesa.admin.advanceClock(3);
    await mpesa.admin.idle();
    const attempt = async () => (await prisma()).orderAttempt.findFirstOrThrow({ where: { orderId: id } });
    const receipt = (await attempt()).hintedOperatorReference;
    expect(receipt).toMatch(/^[A-Z0-9]{8,12}$/);
    expect(mpesa.admin.payments().map((p) => p.receipt)).toContain(receipt);

    // The check the hint caused asks by the receipt; Daraja's answer to it is lost.
    mpesa.admin.configure({ callbackMode: "none" });
    expect(await runCheckJobs([id])).toBe(1);
    expect(JSON.parse(statusQueries().at(-1)!.body)).toMatchObject({ TransactionID: receipt });
    mpesa.admin.advanceClock(2);
    await mpesa.admin.idle();
    expect(await payout(id)).toMatchObject({ status: "processing" });

    // The poll job asks again: by the receipt still (without it Daraja would refuse the query).
    mpesa.admin.configure({ callbackMode: "once" });
    const asked = statusQueries().length;
    await pollOrder(id);
    expect(statusQueries()).toHaveLength(asked + 1);
    expect(JSON.parse(statusQueries().at(-1)!.body)).toMatchObject({ TransactionID: receipt, OriginatorConversationID: (await payout(id)).providerRequestRef });
    expect(statusQueries().at(-1)!.answer).toBe(200);
    mpesa.admin.advanceClock(2);
    await mpesa.admin.idle();
    expect(await payout(id)).toMatchObject({ status: "success" });

    // A re-check with no callback behind it (ops, a review's slow ask) sends it as well; nothing changes twice.
    await recheckOrder(id);
    expect(JSON.parse(statusQueries().at(-1)!.body)).toMatchObject({ TransactionID: receipt });
    mpesa.admin.advanceClock(2);
    await mpesa.admin.idle();
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
    expect(await available()).toBeLessThan(before);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});
