import { describe, expect, it } from "vitest";
import type { CollectOrder, OrderRef, PayoutOrder } from "@/lib/connectors/connector";
import { airtelConnector, airtelSettingsSchema, type AirtelSettings } from "@/lib/connectors/airtel";
import { AIRTEL_CALLING_CODES, AIRTEL_STAGING_BASE_URL } from "@/lib/connectors/airtel/settings";
import { newId } from "@/lib/ids";
import { testConnectorContext } from "@/tests/helpers/connector-context";

/**
 * Remote tests against Airtel's staging API (README "Unconfirmed until a sandbox run"), skipped
 * unless AIRTEL_REMOTE_CLIENT_ID and AIRTEL_REMOTE_CLIENT_SECRET are set (with AIRTEL_REMOTE_COUNTRY
 * and AIRTEL_REMOTE_CURRENCY, default KE / KES: a currency lib/money knows). A collection to AIRTEL_REMOTE_MSISDN (a staging
 * test subscriber, E.164) is refunded on each refund path, then refunded again, and the
 * collection enquired; with AIRTEL_REMOTE_DISBURSEMENT_PIN and AIRTEL_REMOTE_PIN_PUBLIC_KEY a
 * disbursement goes out with each PIN padding. Each prints Airtel's raw answers for the README.
 */
const env = process.env;
const clientId = env.AIRTEL_REMOTE_CLIENT_ID;
const country = env.AIRTEL_REMOTE_COUNTRY ?? "KE";
const currency = env.AIRTEL_REMOTE_CURRENCY ?? "KES";
const amountMinor = BigInt(env.AIRTEL_REMOTE_AMOUNT_MINOR ?? "1000"); // 10 KES

function context(settings: Record<string, unknown> = {}) {
  return testConnectorContext<AirtelSettings>({
    type: "airtel",
    baseUrl: env.AIRTEL_REMOTE_BASE_URL ?? AIRTEL_STAGING_BASE_URL,
    settings: airtelSettingsSchema.parse({ country, currency, ...settings }),
    secrets: { CLIENT_ID: clientId!, CLIENT_SECRET: env.AIRTEL_REMOTE_CLIENT_SECRET ?? "", DISBURSEMENT_PIN: env.AIRTEL_REMOTE_DISBURSEMENT_PIN ?? "", PIN_PUBLIC_KEY: env.AIRTEL_REMOTE_PIN_PUBLIC_KEY ?? "" },
    totalTimeoutMs: 30_000,
  });
}
const ref = (direction: OrderRef["direction"], reference: string, extra: Partial<OrderRef> = {}): OrderRef => ({ direction, id: reference, reference, operatorReference: null, provider: "airtel", country, currency, submittedAt: new Date(), destination: null, ...extra });
const raw = (c: ReturnType<typeof context>) => c.calls.filter((x) => !x.request.url.includes("oauth2")).map((x) => `${x.request.method} ${x.request.url} → ${x.response?.status ?? x.error?.message} ${x.response?.text ?? ""}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!clientId)("Airtel Money staging (remote)", () => {
  it("a 180 s token; an enquiry for an id Airtel never saw → not_found", async () => {
    const c = context();
    expect(await airtelConnector.checkHealth(c)).toMatchObject({ ok: true });
    expect(await airtelConnector.status(c, ref("collect", newId("txn")))).toMatchObject({ status: "not_found" });
    console.info(raw(c).join("\n"));
  });

  it.skipIf(!env.AIRTEL_REMOTE_MSISDN)(
    "collect, then refund: the answer on each path, a second refund, and what the collection's enquiry shows afterwards",
    async () => {
      const c = context();
      const id = newId("txn");
      const order: CollectOrder = { transactionId: id, reference: id, provider: "airtel", country, currency, amountMinor, phone: env.AIRTEL_REMOTE_MSISDN! };
      expect(["processing", "pending"]).toContain((await airtelConnector.collect(c, order)).status);
      let paid = await airtelConnector.status(c, ref("collect", id));
      for (let i = 0; i < 20 && paid.status === "processing"; i++) (await sleep(15_000), (paid = await airtelConnector.status(c, ref("collect", id))));
      expect(paid).toMatchObject({ status: "success" });
      const airtelMoneyId = (paid as { operatorReference: string }).operatorReference;
      const refund = { refundId: newId("rf"), reference: "", transactionId: id, collectReference: id, collectOperatorReference: airtelMoneyId, provider: "airtel", country, currency, amountMinor, collectAmountMinor: amountMinor, phone: order.phone };
      refund.reference = refund.refundId;
      // Which path does this OpCo serve? v2 first (current docs), then v1.
      const v2 = await airtelConnector.refund(context({ refundApiVersion: "v2" }), refund);
      const v1 = v2.status === "failed" && v2.reason === "configuration_error" ? await airtelConnector.refund(context({ refundApiVersion: "v1" }), refund) : null;
      expect([v2.status, v1?.status]).toContain("success");
      const again = await airtelConnector.refund(context({ refundApiVersion: v1 ? "v1" : "v2" }), refund);
      expect(again.status).toBe("failed");
      const status = await airtelConnector.status(c, ref("refund", refund.refundId, { collect: { id, reference: id, operatorReference: airtelMoneyId, amountMinor } }));
      expect(status.status).not.toBe("failed");
      console.info(raw(c).join("\n"), { v2, v1, again, status });
    },
    10 * 60_000,
  );

  it.skipIf(!env.AIRTEL_REMOTE_DISBURSEMENT_PIN || !env.AIRTEL_REMOTE_PAYEE_MSISDN)("a disbursement with each PIN padding: which one this OpCo takes", async () => {
    const results: Record<string, string> = {};
    for (const pinEncryption of ["pkcs1", "oaep-sha256"] as const) {
      const c = context({ pinEncryption });
      const id = newId("po");
      const order: PayoutOrder = { payoutId: id, reference: id, method: "mobile_money", provider: "airtel", country, currency, amountMinor, destination: env.AIRTEL_REMOTE_PAYEE_MSISDN! };
      const outcome = await airtelConnector.payout(c, order);
      results[pinEncryption] = JSON.stringify(outcome);
      console.info(raw(c).join("\n"));
    }
    expect(Object.values(results).some((r) => /"status":"(processing|success)"/.test(r))).toBe(true);
    console.info(results, AIRTEL_CALLING_CODES[country]);
  });
});
