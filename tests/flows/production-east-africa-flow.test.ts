import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCallbackKeyCache } from "@/lib/connectors/pawapay/callbacks";
import { clearActiveConfCache } from "@/lib/connectors/pawapay/client";
import { getPrisma } from "@/lib/db/client";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { pollOrder, submitOrder } from "@/lib/orders/orders";
import { MPESA_SIM_SETTINGS, mpesaSimulatorSecrets, startMpesaSimulator, type MpesaSimulator } from "@/simulators/mpesa-daraja";
import { startPawapaySimulator, type PawapaySimulator } from "@/simulators/pawapay";
import type { SimActiveConf } from "@/simulators/pawapay/default-conf";
import { startCallbackPlatform } from "../helpers/callback-platform";
import { operatorCalls as calls, pawapayCallbackAnswers, runCheckJobs } from "../helpers/connector-flow";
import { directBody, eventTypes, initiatePayment } from "../helpers/payments";
import { payoutEventTypes, quoteAndInitiate, status as payoutStatus } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/** The simulated payer approves this long after the push, on the simulator's clock, which the tests
 * advance: long enough that a submit slowed by a loaded machine still finds the order waiting. */
const PAYER_APPROVES_AFTER_S = 20;

/**
 * East Africa in production mode, against the operators' contract simulators over real HTTP,
 * configured with the ops commands as an operator would:
 * - Kenya: M-Pesa (`mpesa`) collected through the Daraja connector (STK push; the unsigned
 *   callback is a hint; the STK query confirms), in whole shillings;
 * - Uganda: MTN MoMo (`mtn`) through pawaPay (`MTN_MOMO_UGA`, active-conf: UGX without decimals):
 *   a collect funds a payout, whose amount goes out as whole shillings.
 * The pawaPay simulator is started with an active configuration naming Uganda and Kenya (its
 * default one has neither), as a pawaPay account for those markets would show.
 */
const trace: string[] = [];
let platform: Awaited<ReturnType<typeof startCallbackPlatform>>;
let mpesa: MpesaSimulator;
let pawapay: PawapaySimulator;

function eastAfricaConf(): SimActiveConf {
  const ops = (currency: string, min: string, max: string) => {
    const base = { minAmount: min, maxAmount: max, decimalsInAmount: "NONE" as const, status: "OPERATIONAL" as const };
    return { currency, displayName: currency, operationTypes: { DEPOSIT: { ...base, authType: "PROVIDER_AUTH" as const, pinPrompt: "AUTOMATIC" as const }, PAYOUT: base, REFUND: base } };
  };
  const provider = (code: string, name: string, currency: ReturnType<typeof ops>) => ({ provider: code, displayName: name, nameDisplayedToCustomer: name, logo: `https://example.invalid/${code}.png`, currencies: [currency] });
  return {
    companyName: "Simulated merchant",
    countries: [
      {
        country: "UGA",
        prefix: "256",
        displayName: { en: "Uganda", fr: "Ouganda" },
        providers: [provider("MTN_MOMO_UGA", "MTN", ops("UGX", "500", "5000000")), provider("AIRTEL_OAPI_UGA", "Airtel", ops("UGX", "500", "5000000"))],
      },
      { country: "KEN", prefix: "254", displayName: { en: "Kenya", fr: "Kenya" }, providers: [provider("MPESA_KEN", "M-Pesa", ops("KES", "1", "250000"))] },
    ],
  };
}

beforeAll(async () => {
  platform = await startCallbackPlatform();
  mpesa = await startMpesaSimulator({ allowHttpCallbacks: true, settleAfterSeconds: PAYER_APPROVES_AFTER_S });
  clearActiveConfCache();
  clearCallbackKeyCache();
  pawapay = await startPawapaySimulator({
    callbackUrl: `${platform.url}/api/v1/connectors/pawapay-ug/callback`,
    activeConf: eastAfricaConf(),
    wallets: [
      { country: "UGA", currency: "UGX", balance: "100000000" },
      { country: "KEN", currency: "KES", balance: "1000000.00" },
    ],
  });
  enterProduction({
    PUBLIC_BASE_URL: platform.url,
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    PAWAPAY_SIM_API_TOKEN: pawapay.token(),
    ...Object.fromEntries(Object.entries(mpesaSimulatorSecrets(mpesa)).map(([k, v]) => [`MPESA_SIM_${k}`, v])),
  });
  await ensureReferenceData();
  const settings = Object.entries(MPESA_SIM_SETTINGS).flatMap(([k, v]) => ["--setting", `${k}=${v}`]);
  for (const added of [
    await ops("connector:add", "--id", "safaricom-ke", "--type", "mpesa-daraja", "--base-url", mpesa.url, ...settings, "--secrets-env", "MPESA_SIM"),
    await ops("connector:add", "--id", "pawapay-ug", "--type", "pawapay", "--base-url", pawapay.url, "--secrets-env", "PAWAPAY_SIM"),
  ]) {
    expect(added.code, added.output).toBe(0);
  }
  for (const [country, provider, direction, account] of [
    ["KE", "mpesa", "collect", "safaricom-ke"],
    ["KE", "mpesa", "payout", "safaricom-ke"],
    ["UG", "mtn", "collect", "pawapay-ug"],
    ["UG", "mtn", "payout", "pawapay-ug"],
  ]) {
    const routed = await ops("route:set", "--country", country!, "--provider", provider!, "--direction", direction!, "--account", account!);
    expect(routed.code, routed.output).toBe(0);
  }
  trace.push(`setup: safaricom-ke → Daraja sim ${mpesa.url} (KE mpesa collect/payout); pawapay-ug → pawaPay sim ${pawapay.url} (UG mtn collect/payout)`);
});

afterAll(async () => {
  console.log(["── production e2e trace (Kenya, Uganda) ──", ...trace].join("\n"));
  await Promise.all([mpesa?.close(), pawapay?.close(), platform?.close()]);
  restoreEnv();
});

const payment = async (id: string) => (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
const payoutRow = async (id: string) => (await getPrisma()).payout.findUniqueOrThrow({ where: { id } });

const pawapayCallbacks = (reference: string) => pawapayCallbackAnswers(pawapay, reference);

describe("production e2e: Kenya through Daraja, Uganda through pawaPay", () => {
  it("KE collect by M-Pesa through Daraja: STK push → processing; the callback is a hint → STK query → success, in whole shillings", async () => {
    const m = await createLiveMerchant({ country: "KE" });
    expect(m.merchant.settlementCurrency).toBe("KES");
    const created = await initiatePayment(m.headers, directBody({ provider: "mpesa", country: "KE", currency: "KES", customerPhone: "+254712345678", amount: 1_500 }));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.data.transactionId as string;
    await submitOrder(id);
    expect(await payment(id)).toMatchObject({ status: "processing", connectorAccountId: "safaricom-ke" });
    const push = JSON.parse(mpesa.admin.requests({ path: "/mpesa/stkpush/v1/processrequest" }).at(-1)!.body);
    expect(push).toMatchObject({ BusinessShortCode: MPESA_SIM_SETTINGS.shortcode, Amount: 1500, PartyA: "254712345678", PhoneNumber: "254712345678" });
    mpesa.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await mpesa.admin.idle();
    expect(mpesa.admin.callbacks().length).toBeGreaterThan(0);
    if ((await runCheckJobs([id])) === 0) await pollOrder(id);
    expect(await payment(id)).toMatchObject({ status: "success", amount: 150_000n, currency: "KES", providerReference: expect.any(String) });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    trace.push(`M-Pesa collect ${id}: ${(await calls(id)).join(", ")} → success`);
  });

  it("UG payout by MTN through pawaPay (MTN_MOMO_UGA), funded by a pawaPay collect; UGX goes out without decimals", async () => {
    const m = await createLiveMerchant({ country: "UG" });
    expect(m.merchant.settlementCurrency).toBe("UGX");
    const created = await initiatePayment(m.headers, directBody({ provider: "mtn", country: "UG", currency: "UGX", customerPhone: "+256772345789", amount: 60_000 }));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const collectId = created.json.data.transactionId as string;
    await submitOrder(collectId);
    const deposit = JSON.parse(pawapay.admin.requests.find((r) => r.path === "/v2/deposits")!.body);
    expect(deposit).toMatchObject({ amount: "60000", currency: "UGX", payer: { type: "MMO", accountDetails: { phoneNumber: "256772345789", provider: "MTN_MOMO_UGA" } } });
    expect(await pawapayCallbacks((await payment(collectId)).providerRequestRef!)).toEqual([200]);
    if ((await payment(collectId)).status === "processing") await pollOrder(collectId);
    expect(await payment(collectId)).toMatchObject({ status: "success", connectorAccountId: "pawapay-ug" });
    trace.push(`pawaPay collect ${collectId}: ${(await calls(collectId)).join(", ")} → success`);

    await runSettlement({ merchantId: m.merchant.id });
    const { quote, payout } = await quoteAndInitiate(
      m.headers,
      { amount: 25_000, currency: "UGX", destinationCountry: "UG", method: "mtn" },
      { recipient: { phone: "+256 77 234 6789", name: "Okello Peter" } },
    );
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json).toMatchObject({ destination: { amount: 25_000, currency: "UGX", country: "UG" }, totalDebit: { currency: "UGX" } });
    expect(Number.isInteger(quote.json.fees.amount)).toBe(true);
    expect(payout.status, JSON.stringify(payout.json)).toBe(201);
    const po = payout.json.transactionId as string;
    await submitOrder(po);
    expect(await payoutRow(po)).toMatchObject({ connectorAccountId: "pawapay-ug" });
    const sent = JSON.parse(pawapay.admin.requests.find((r) => r.path === "/v2/payouts")!.body);
    expect(sent).toMatchObject({ amount: "25000", currency: "UGX", recipient: { type: "MMO", accountDetails: { phoneNumber: "256772346789", provider: "MTN_MOMO_UGA" } } });
    expect(await pawapayCallbacks((await payoutRow(po)).providerRequestRef!)).toEqual([200]);
    if ((await payoutRow(po)).status === "processing") await pollOrder(po);
    expect((await payoutStatus(m.headers, po)).json).toMatchObject({ status: "success", amount: 25_000, currency: "UGX" });
    expect(await payoutEventTypes(m.merchant.id, po)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
    const reconcile = await ops("ledger:reconcile", "--merchant", m.merchant.id);
    expect(reconcile.code, reconcile.output).toBe(0);
    trace.push(`pawaPay payout ${po}: ${(await calls(po)).join(", ")} → success (amount "25000" UGX, MTN_MOMO_UGA)`);
  });
});
