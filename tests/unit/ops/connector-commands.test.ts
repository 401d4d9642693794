import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { startPawapaySimulator } from "@/simulators/pawapay";
import { type FakeOperator, registerFakeOperator, startFakeOperator } from "../../helpers/fake-operator";
import { enterProduction, ops, restoreEnv, setEnv } from "../../helpers/production-instance";
import { ensureReferenceData } from "../../helpers/reference";

/** connector:* and route:* as an operator types them (production instance). */
let operator: FakeOperator;
let unregister: () => void;

beforeAll(async () => {
  enterProduction({ OPS_FAKE_API_KEY: "ops-key-91c2" });
  unregister = registerFakeOperator();
  await ensureReferenceData();
  operator = await startFakeOperator("ops-key-91c2");
});

afterAll(async () => {
  await operator?.close();
  unregister?.();
  restoreEnv();
});

describe("connector:add", () => {
  it("refuses an unknown type, bad settings, a bad id and missing secrets, with what to do", async () => {
    await expect(ops("connector:add", "--id", "ops-x", "--type", "nope", "--secrets-env", "OPS_FAKE")).rejects.toThrow(/Unknown connector type "nope". Known types: simulator, mtn-momo, pawapay, (.*, )?mpesa-daraja, airtel, (.*, )?fake-operator/);
    await expect(ops("connector:add", "--id", "ops-x", "--type", "fake-operator", "--base-url", operator.baseUrl, "--setting", "colour=blue", "--secrets-env", "OPS_FAKE")).rejects.toThrow(
      /Invalid settings for fake-operator/,
    );
    await expect(ops("connector:add", "--id", "Bad Id", "--type", "fake-operator", "--secrets-env", "OPS_FAKE")).rejects.toThrow(/--id "Bad Id"/);
    await expect(ops("connector:add", "--id", "ops-x", "--type", "fake-operator", "--base-url", operator.baseUrl, "--secrets-env", "OPS_NONE")).rejects.toThrow(
      /Missing secret env var: OPS_NONE_API_KEY/,
    );
    await expect(ops("connector:add", "--id", "ops-x", "--type", "fake-operator", "--secrets-env", "OPS_FAKE")).rejects.toThrow(/give --base-url/);
    await expect(ops("connector:add", "--id", "ops-x", "--type", "simulator", "--secrets-env", "OPS_FAKE")).rejects.toThrow(/sandbox only/);
    await expect(ops("connector:add", "--type", "fake-operator")).rejects.toThrow(/--id is required/);
    expect(await (await getPrisma()).connectorAccount.count({ where: { id: "ops-x" } })).toBe(0);
  });

  it("stores settings and the prefix, never a secret value; a second add updates", async () => {
    const out = await ops("connector:add", "--id", "ops-a", "--type", "fake-operator", "--base-url", operator.baseUrl, "--setting", "label=Main", "--secrets-env", "OPS_FAKE");
    expect(out.output).toMatch(/Added connector account ops-a \(fake-operator, production/);
    const row = await (await getPrisma()).connectorAccount.findUniqueOrThrow({ where: { id: "ops-a" } });
    expect(row).toMatchObject({ type: "fake-operator", environment: "production", baseUrl: operator.baseUrl, settings: { label: "Main" }, secretsEnv: "OPS_FAKE" });
    expect(JSON.stringify(row)).not.toContain("ops-key-91c2");
    expect((await ops("connector:add", "--id", "ops-a", "--type", "fake-operator", "--base-url", operator.baseUrl, "--secrets-env", "OPS_FAKE")).output).toMatch(/^Updated/);
  });
});

describe("route:set, route:list, route:remove, connector:remove, connector:list, connector:check", () => {
  it("refuses unknown accounts, directions the connector lacks and bad values; routes; removal guarded", async () => {
    await ops("connector:add", "--id", "ops-b", "--type", "fake-operator", "--base-url", operator.baseUrl, "--secrets-env", "OPS_FAKE");
    await expect(ops("route:set", "--country", "TG", "--provider", "flooz", "--direction", "collect", "--account", "ops-ghost")).rejects.toThrow(/No connector account "ops-ghost"/);
    await expect(ops("route:set", "--country", "TG", "--provider", "flooz", "--direction", "refund", "--account", "ops-b")).rejects.toThrow(/does not do refund/);
    await expect(ops("route:set", "--country", "TG", "--provider", "flooz", "--direction", "sideways", "--account", "ops-b")).rejects.toThrow(/one of collect, payout, refund/);
    await expect(ops("route:set", "--country", "ZZ", "--provider", "moov", "--direction", "collect", "--account", "ops-b")).rejects.toThrow(/Unknown country/);
    await expect(ops("route:set", "--country", "TG", "--provider", "nokia", "--direction", "collect", "--account", "ops-b")).rejects.toThrow(/Unknown provider code/);

    expect((await ops("route:set", "--country", "tg", "--provider", "flooz", "--direction", "collect", "--account", "ops-b", "--fallback", "ops-a")).output).toBe(
      "Route TG/flooz/collect → ops-b (fallback ops-a)",
    );
    expect((await ops("route:list")).output).toContain("TG/flooz/collect → ops-b (fallback ops-a)");
    await expect(ops("connector:remove", "--id", "ops-a")).rejects.toThrow(/used by 1 route\(s\): TG\/flooz\/collect/);

    const list = await ops("connector:list");
    expect(list.output).toMatch(/ops-b {2}fake-operator .* routes 1 {2}ok/);
    setEnv({ OPS_FAKE_API_KEY: "" });
    expect((await ops("connector:list")).output).toMatch(/ops-b .*MISCONFIGURED: missing secret env var OPS_FAKE_API_KEY/);
    expect((await ops("connector:check", "--id", "ops-b")).code).toBe(1);
    setEnv({ OPS_FAKE_API_KEY: "ops-key-91c2" });
    const check = await ops("connector:check", "--id", "ops-b");
    expect(check).toEqual({ code: 0, output: "ops-b: ok (HTTP 200)" });
    const calls = await ops("connector:calls", "--account", "ops-b");
    expect(calls.output).toMatch(/health {2}- {2}GET \/health {2}200 {2}\d+ ms {2}ok/);
    expect(calls.output).not.toContain("ops-key-91c2");

    await ops("route:remove", "--country", "TG", "--provider", "flooz", "--direction", "collect");
    await expect(ops("route:remove", "--country", "TG", "--provider", "flooz", "--direction", "collect")).rejects.toThrow(/No collect route/);
    expect((await ops("connector:remove", "--id", "ops-a")).output).toBe("Removed connector account ops-a.");
  });

  it("route:set is refused in sandbox, where the built-in simulator serves every provider", async () => {
    setEnv({ APP_ENV: "sandbox" });
    try {
      await expect(ops("route:set", "--country", "TG", "--provider", "moov", "--direction", "collect", "--account", "ops-b")).rejects.toThrow(/built-in simulator/);
    } finally {
      setEnv({ APP_ENV: "production" });
    }
  });
});

describe("connector:add for mtn-momo", () => {
  it("asks only for the secrets of the products the account serves", async () => {
    const collectionOnly = ["--id", "mtn-collect", "--type", "mtn-momo", "--setting", "targetEnvironment=mtnivorycoast", "--setting", "currency=XOF", "--setting", "products=collection", "--setting", `callbackHost=${ourHost()}`, "--secrets-env", "MTN_OPS_TEST"];
    await expect(ops("connector:add", ...collectionOnly)).rejects.toThrow(/MTN_OPS_TEST_COLLECTION_SUBSCRIPTION_KEY/);
    for (const name of ["COLLECTION_SUBSCRIPTION_KEY", "COLLECTION_API_USER", "COLLECTION_API_KEY"]) process.env[`MTN_OPS_TEST_${name}`] = "x";
    try {
      await expect(ops("connector:add", ...collectionOnly)).resolves.toBeDefined();
      const both = collectionOnly.map((arg) => (arg === "products=collection" ? "products=collection,disbursement" : arg));
      await expect(ops("connector:add", ...both)).rejects.toThrow(/MTN_OPS_TEST_DISBURSEMENT_SUBSCRIPTION_KEY/);
    } finally {
      for (const name of ["COLLECTION_SUBSCRIPTION_KEY", "COLLECTION_API_USER", "COLLECTION_API_KEY"]) delete process.env[`MTN_OPS_TEST_${name}`];
    }
  });
});

/** The host operators call us back on (PUBLIC_BASE_URL's). */
const ourHost = () => new URL(config.publicBaseUrl()).hostname;

describe("connector:add and route:set ask the connector about the account and the route", () => {
  it("mtn-momo in production: refused without callbackHost, or with a host our callback URL is not on", async () => {
    for (const name of ["COLLECTION_SUBSCRIPTION_KEY", "COLLECTION_API_USER", "COLLECTION_API_KEY"]) process.env[`MTN_HOST_TEST_${name}`] = "x";
    try {
      const add = (...extra: string[]) => ops("connector:add", "--id", "mtn-host", "--type", "mtn-momo", "--setting", "targetEnvironment=mtnivorycoast", "--setting", "currency=XOF", "--setting", "products=collection", ...extra, "--secrets-env", "MTN_HOST_TEST");
      await expect(add()).rejects.toThrow(/callbackHost/);
      await expect(add("--setting", "callbackHost=elsewhere.example.org")).rejects.toThrow(/INVALID_CALLBACK_URL_HOST/);
      await expect(add("--setting", `callbackHost=${ourHost()}`)).resolves.toBeDefined();
    } finally {
      for (const name of ["COLLECTION_SUBSCRIPTION_KEY", "COLLECTION_API_USER", "COLLECTION_API_KEY"]) delete process.env[`MTN_HOST_TEST_${name}`];
    }
  });

  it('mpesa-daraja: an account id containing "mpesa" is refused (Daraja is reported to refuse such callback URLs)', async () => {
    const base = ["--type", "mpesa-daraja", "--base-url", "https://sandbox.safaricom.co.ke", "--setting", "shortcode=174379", "--setting", "products=collection", "--secrets-env", "DARAJA_OPS_TEST"];
    for (const name of ["CONSUMER_KEY", "CONSUMER_SECRET", "PASSKEY"]) process.env[`DARAJA_OPS_TEST_${name}`] = "x";
    try {
      await expect(ops("connector:add", "--id", "mpesa-ke", ...base)).rejects.toThrow(/contains "mpesa"/);
      await expect(ops("connector:add", "--id", "safaricom-ke", ...base)).resolves.toBeDefined();
    } finally {
      for (const name of ["CONSUMER_KEY", "CONSUMER_SECRET", "PASSKEY"]) delete process.env[`DARAJA_OPS_TEST_${name}`];
    }
  });

  it("pawapay: route:set refuses a collect route to a REDIRECT_AUTH provider (Wave) and accepts its payout route", async () => {
    const sim = await startPawapaySimulator();
    process.env.PAWAPAY_OPS_TEST_API_TOKEN = sim.token();
    try {
      await ops("connector:add", "--id", "pawapay-ci", "--type", "pawapay", "--base-url", sim.url, "--secrets-env", "PAWAPAY_OPS_TEST");
      await expect(ops("route:set", "--country", "CI", "--provider", "wave", "--direction", "collect", "--account", "pawapay-ci")).rejects.toThrow(/REDIRECT_AUTH/);
      await expect(ops("route:set", "--country", "CI", "--provider", "wave", "--direction", "payout", "--account", "pawapay-ci")).resolves.toBeDefined();
      await expect(ops("route:set", "--country", "CI", "--provider", "mtn", "--direction", "collect", "--account", "pawapay-ci")).resolves.toBeDefined();
      expect(await (await getPrisma()).connectorRoute.count({ where: { accountId: "pawapay-ci", provider: "wave", direction: "collect" } })).toBe(0);
    } finally {
      delete process.env.PAWAPAY_OPS_TEST_API_TOKEN;
      await sim.close();
    }
  });
});

describe("route:set refuses a route the catalogue or the account cannot serve, saying why", () => {
  const secrets = (prefix: string, names: string[]) => {
    for (const name of names) process.env[`${prefix}_${name}`] = "x";
    return () => names.forEach((name) => delete process.env[`${prefix}_${name}`]);
  };
  const routes = async (account: string) => (await (await getPrisma()).connectorRoute.findMany({ where: { accountId: account } })).map((r) => `${r.country}/${r.provider}/${r.direction}`);

  it("the provider must have a channel in that country and direction (a refund goes back through the collect channel)", async () => {
    await ops("connector:add", "--id", "ops-cat", "--type", "fake-operator", "--base-url", operator.baseUrl, "--secrets-env", "OPS_FAKE");
    // M-Pesa collects in Kenya and Tanzania, not in Togo.
    await expect(ops("route:set", "--country", "TG", "--provider", "mpesa", "--direction", "collect", "--account", "ops-cat")).rejects.toThrow(
      "The catalogue has no collect channel for mpesa in TG (mpesa collects in KE, TZ): check --country and --provider, or add the channel first (channel:set).",
    );
    // Free Money collects in Senegal but pays out nowhere.
    await expect(ops("route:set", "--country", "SN", "--provider", "free", "--direction", "payout", "--account", "ops-cat")).rejects.toThrow(
      "The catalogue has no payout channel for free in SN (free pays out nowhere): check --country and --provider, or add the channel first (channel:set).",
    );
    // A collect-only country (CD pays out only) refuses a collect route; a refund follows the collect channel.
    await expect(ops("route:set", "--country", "CD", "--provider", "airtel", "--direction", "collect", "--account", "ops-cat")).rejects.toThrow(/no collect channel for airtel in CD/);
    await expect(ops("route:set", "--country", "CD", "--provider", "airtel", "--direction", "payout", "--account", "ops-cat")).resolves.toBeDefined();
    expect(await routes("ops-cat")).toEqual(["CD/airtel/payout"]);
  });

  it("a single-operator connector serves its own operator, in its own countries", async () => {
    const clear = secrets("DARAJA_ROUTE_TEST", ["CONSUMER_KEY", "CONSUMER_SECRET", "PASSKEY", "INITIATOR_PASSWORD", "SAFARICOM_CERTIFICATE"]);
    try {
      await ops("connector:add", "--id", "safaricom-route", "--type", "mpesa-daraja", "--base-url", "https://sandbox.safaricom.co.ke", "--setting", "shortcode=174379", "--setting", "b2cShortcode=600999", "--setting", "initiatorName=testapi", "--secrets-env", "DARAJA_ROUTE_TEST");
      await expect(ops("route:set", "--country", "KE", "--provider", "airtel", "--direction", "collect", "--account", "safaricom-route")).rejects.toThrow(
        "Account safaricom-route cannot serve airtel in KE for collect: the mpesa-daraja connector serves mpesa only.",
      );
      // Vodacom M-Pesa in Tanzania is another operator's API: Daraja is Safaricom Kenya's.
      await expect(ops("route:set", "--country", "TZ", "--provider", "mpesa", "--direction", "collect", "--account", "safaricom-route")).rejects.toThrow(
        "Account safaricom-route cannot serve mpesa in TZ for collect: the mpesa-daraja connector serves KE only.",
      );
      await expect(ops("route:set", "--country", "KE", "--provider", "mpesa", "--direction", "collect", "--account", "safaricom-route")).resolves.toBeDefined();
      await expect(ops("route:set", "--country", "KE", "--provider", "mpesa", "--direction", "payout", "--account", "safaricom-route")).resolves.toBeDefined();
      expect(await routes("safaricom-route")).toEqual(["KE/mpesa/collect", "KE/mpesa/payout"]);
    } finally {
      clear();
    }
  });

  it("an account bound to a market by its settings (Airtel's country and currency, MTN's currency) serves that market only", async () => {
    const clearAirtel = secrets("AIRTEL_ROUTE_TEST", ["CLIENT_ID", "CLIENT_SECRET", "DISBURSEMENT_PIN", "PIN_PUBLIC_KEY", "CALLBACK_SECRET"]);
    const clearMtn = secrets("MTN_ROUTE_TEST", ["COLLECTION_SUBSCRIPTION_KEY", "COLLECTION_API_USER", "COLLECTION_API_KEY"]);
    try {
      await ops("connector:add", "--id", "airtel-ug", "--type", "airtel", "--base-url", operator.baseUrl, "--setting", "country=UG", "--setting", "currency=UGX", "--setting", "products=collection", "--secrets-env", "AIRTEL_ROUTE_TEST");
      await expect(ops("route:set", "--country", "KE", "--provider", "airtel", "--direction", "collect", "--account", "airtel-ug")).rejects.toThrow(
        "Account airtel-ug cannot serve airtel in KE for collect: the account is set up for UG (its country setting); add an account for KE.",
      );
      await expect(ops("route:set", "--country", "UG", "--provider", "airtel", "--direction", "payout", "--account", "airtel-ug")).rejects.toThrow(
        "Account airtel-ug cannot serve airtel in UG for payout: the account's products (collection) do not include disbursement.",
      );
      await expect(ops("route:set", "--country", "UG", "--provider", "airtel", "--direction", "collect", "--account", "airtel-ug")).resolves.toBeDefined();

      await ops("connector:add", "--id", "mtn-xof", "--type", "mtn-momo", "--setting", "targetEnvironment=mtnivorycoast", "--setting", "currency=XOF", "--setting", "products=collection", "--setting", `callbackHost=${ourHost()}`, "--secrets-env", "MTN_ROUTE_TEST");
      await expect(ops("route:set", "--country", "UG", "--provider", "mtn", "--direction", "collect", "--account", "mtn-xof")).rejects.toThrow(
        "Account mtn-xof cannot serve mtn in UG for collect: the account moves XOF (its currency setting), and mtn collects in UG in UGX.",
      );
      await expect(ops("route:set", "--country", "CI", "--provider", "orange", "--direction", "collect", "--account", "mtn-xof")).rejects.toThrow(/the mtn-momo connector serves mtn only/);
      await expect(ops("route:set", "--country", "CI", "--provider", "mtn", "--direction", "collect", "--account", "mtn-xof")).resolves.toBeDefined();
      expect(await routes("airtel-ug")).toEqual(["UG/airtel/collect"]);
      expect(await routes("mtn-xof")).toEqual(["CI/mtn/collect"]);
    } finally {
      clearAirtel();
      clearMtn();
    }
  });

  it("the fallback account is held to the same rules", async () => {
    await expect(ops("route:set", "--country", "CI", "--provider", "mtn", "--direction", "collect", "--account", "ops-cat", "--fallback", "airtel-ug")).rejects.toThrow(
      /Account airtel-ug cannot serve mtn in CI for collect: the airtel connector serves airtel only/,
    );
  });
});
