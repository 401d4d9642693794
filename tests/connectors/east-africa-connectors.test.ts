import { afterEach, describe, expect, it } from "vitest";
import { airtelConnector, airtelSettingsSchema, type AirtelSettings } from "@/lib/connectors/airtel";
import { mtnMomoConnector } from "@/lib/connectors/mtn-momo";
import { airtelSimulatorSecrets, startAirtelSimulator, type AirtelSimulator } from "@/simulators/airtel";
import { testConnectorContext } from "../helpers/connector-context";
import { collectOrder, payoutOrder, startMtnSetup, type MtnSetup } from "./mtn-momo/mtn-setup";

/**
 * MTN and Airtel in their East African markets, through their own connectors, against the
 * contract simulators configured as those markets (an MTN Uganda target environment in UGX,
 * Airtel Kenya in KES and Zambia in ZMW): amounts leave in the currency's own minor unit (whole
 * UGX, KES with cents only where it has them) and numbers in the operator's form.
 */
let mtn: MtnSetup | undefined;
let airtel: AirtelSimulator | undefined;
afterEach(async () => {
  await Promise.all([mtn?.sim.close(), airtel?.close()]);
  mtn = airtel = undefined;
});

describe("MTN MoMo Uganda (targetEnvironment mtnuganda, UGX)", () => {
  it("collects and pays out whole shillings: 50,000 UGX is \"50000\", the payer 256…", async () => {
    mtn = await startMtnSetup({ targetEnvironment: "mtnuganda", currency: "UGX", balances: { disbursement: "10000000" } });
    const collect = collectOrder({ phone: "+256772345678", amountMinor: 50_000n, country: "UG", currency: "UGX" });
    expect(await mtnMomoConnector.collect(mtn.context, collect)).toMatchObject({ status: "processing" });
    const pull = mtn.sim.admin.requests().find((r) => r.path === "/collection/v1_0/requesttopay")!;
    expect(pull.headers["x-target-environment"]).toBe("mtnuganda");
    expect(JSON.parse(pull.body)).toMatchObject({ amount: "50000", currency: "UGX", payer: { partyIdType: "MSISDN", partyId: "256772345678" } });

    const payout = payoutOrder({ destination: "+256772345679", amountMinor: 25_000n, country: "UG", currency: "UGX" });
    expect(await mtnMomoConnector.payout(mtn.context, payout)).toMatchObject({ status: "processing" });
    const transfer = mtn.sim.admin.requests().find((r) => r.path === "/disbursement/v1_0/transfer")!;
    expect(JSON.parse(transfer.body)).toMatchObject({ amount: "25000", currency: "UGX", payee: { partyIdType: "MSISDN", partyId: "256772345679" } });
  });

  it("an account for UGX refuses another currency before any call", async () => {
    mtn = await startMtnSetup({ targetEnvironment: "mtnuganda", currency: "UGX" });
    const before = mtn.sim.admin.requests().length;
    expect(await mtnMomoConnector.collect(mtn.context, collectOrder({ phone: "+256772345678", amountMinor: 5_000n, country: "UG", currency: "KES" }))).toMatchObject({ status: "failed" });
    expect(mtn.sim.admin.requests().length).toBe(before);
  });
});

describe("Airtel Money in Kenya (KES) and Zambia (ZMW)", () => {
  async function airtelFor(country: string, currency: string) {
    airtel = await startAirtelSimulator({ country, currency, msisdnLength: 9 });
    return testConnectorContext<AirtelSettings>({
      type: "airtel",
      baseUrl: airtel.url,
      settings: airtelSettingsSchema.parse({ country, currency }),
      secrets: airtelSimulatorSecrets(airtel),
    });
  }

  it("Kenya: KES 1,500.50 goes out as 1500.5, the subscriber as its national number, X-Country KE", async () => {
    const ctx = await airtelFor("KE", "KES");
    const order = { transactionId: "txn_ke1", reference: "txn_ke1", provider: "airtel", country: "KE", currency: "KES", amountMinor: 150_050n, phone: "+254733345678" };
    expect(await airtelConnector.collect(ctx, order)).toMatchObject({ status: "processing" });
    const req = airtel!.admin.requests({ path: "/merchant/v1/payments/" })[0]!;
    expect(req.headers).toMatchObject({ "x-country": "KE", "x-currency": "KES" });
    expect(JSON.parse(req.body)).toMatchObject({ subscriber: { country: "KE", currency: "KES", msisdn: "733345678" }, transaction: { amount: 1500.5 } });
  });

  it("Zambia: a payout of ZMW 200 to +260 977 345 678", async () => {
    const ctx = await airtelFor("ZM", "ZMW");
    const order = { payoutId: "po_zm1", reference: "po_zm1", method: "mobile_money" as const, provider: "airtel", country: "ZM", currency: "ZMW", amountMinor: 20_000n, destination: "+260977345678" };
    expect(await airtelConnector.payout(ctx, order)).toMatchObject({ status: "processing" });
    const req = airtel!.admin.requests({ path: "/standard/v1/disbursements/" })[0]!;
    expect(req.headers).toMatchObject({ "x-country": "ZM", "x-currency": "ZMW" });
    expect(JSON.parse(req.body)).toMatchObject({ payee: { msisdn: "977345678" }, transaction: { amount: 200 } });
  });

  it("an account for Kenya refuses a Ugandan order before any call", async () => {
    const ctx = await airtelFor("KE", "KES");
    const order = { transactionId: "txn_ug1", reference: "txn_ug1", provider: "airtel", country: "UG", currency: "UGX", amountMinor: 5_000n, phone: "+256752345678" };
    expect(await airtelConnector.collect(ctx, order)).toMatchObject({ status: "failed", reason: "invalid_request" });
    expect(airtel!.admin.requests({ path: "/merchant/v1/payments/" })).toHaveLength(0);
  });
});
