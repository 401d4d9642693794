import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableProviders, getRoute } from "@/lib/connectors/get-route";
import { clearActiveConfCache } from "@/lib/connectors/pawapay/client";
import { type PawapaySimulator, startPawapaySimulator } from "@/simulators/pawapay";
import { refreshAllProviderAvailability } from "@/lib/connectors/provider-availability";
import { getPrisma } from "@/lib/db/client";
import { checkHealth } from "@/lib/platform/check-health";
import { registerFakeOperator } from "../../helpers/fake-operator";
import { enterProduction, ops, restoreEnv } from "../../helpers/production-instance";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * PawaPay's own per-provider availability feeds routing. The real pawaPay contract
 * simulator over HTTP, its availability set through its HTTP admin interface; accounts and
 * routes made with the ops commands; the refresh sweep and connector:check store what pawaPay
 * says, getRoute / the method lists / health read it without calling pawaPay.
 */
let sim: PawapaySimulator;
let unregister: () => void;

const admin = async (path: string, body?: unknown) => {
  const res = await fetch(`${sim.url}/_admin/${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
};
const setStatus = (provider: string, operation: string, status: string) => admin("provider-status", { provider, operation, status });
const availabilityCalls = async () => ((await admin("requests")) as { path: string }[]).filter((r) => r.path === "/v2/availability").length;

beforeAll(async () => {
  clearActiveConfCache();
  sim = await startPawapaySimulator();
  enterProduction({ PP_AVAIL_API_TOKEN: sim.token(), FB_AVAIL_API_KEY: "fallback-key" });
  unregister = registerFakeOperator();
  await ensureReferenceData();
  expect((await ops("connector:add", "--id", "pp-avail", "--type", "pawapay", "--base-url", sim.url, "--secrets-env", "PP_AVAIL")).code).toBe(0);
  expect((await ops("connector:add", "--id", "fb-avail", "--type", "fake-operator", "--base-url", "http://127.0.0.1:9", "--secrets-env", "FB_AVAIL")).code).toBe(0);
  for (const direction of ["collect", "payout"]) {
    expect((await ops("route:set", "--country", "CI", "--provider", "mtn", "--direction", direction, "--account", "pp-avail", ...(direction === "collect" ? ["--fallback", "fb-avail"] : []))).code).toBe(0);
    expect((await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", direction, "--account", "pp-avail")).code).toBe(0);
  }
});

afterAll(async () => {
  unregister();
  restoreEnv();
  await sim.close();
});

describe("pawaPay availability → routing", () => {
  it("all operational: the routes use pawaPay and nothing is reported closed", async () => {
    const [refresh] = await refreshAllProviderAvailability();
    expect(refresh).toEqual({ account: "pp-avail", refreshed: true, closed: {}, pairs: 4 });
    expect(await getRoute("production", "CI", "mtn", "collect")).toMatchObject({ available: true, fallback: false, account: { id: "pp-avail" } });
    expect((await checkHealth()).checks.connectors).toMatchObject({ status: "ok", closedProviders: [] });
  });

  it("MTN CI closed for deposits: after the refresh the collect route falls back, payouts and other providers stay on pawaPay; no call per request", async () => {
    await setStatus("MTN_MOMO_CIV", "DEPOSIT", "CLOSED");
    // Read from the stored report, not asked per request: still pawaPay until the next refresh.
    const before = await availabilityCalls();
    for (let i = 0; i < 5; i++) expect(await getRoute("production", "CI", "mtn", "collect")).toMatchObject({ account: { id: "pp-avail" } });
    await availableProviders("production", "collect");
    await checkHealth();
    expect(await availabilityCalls()).toBe(before);

    const [refresh] = await refreshAllProviderAvailability();
    expect(refresh).toMatchObject({ refreshed: true, closed: { "CI:mtn:collect": "pawaPay MTN_MOMO_CIV DEPOSIT CLOSED" } });
    expect(await availabilityCalls()).toBe(before + 1);
    expect(await getRoute("production", "CI", "mtn", "collect")).toMatchObject({ available: true, fallback: true, account: { id: "fb-avail" } });
    expect(await getRoute("production", "CI", "mtn", "payout")).toMatchObject({ available: true, fallback: false, account: { id: "pp-avail" } });
    expect(await getRoute("production", "SN", "orange", "collect")).toMatchObject({ available: true, account: { id: "pp-avail" } });
    expect((await availableProviders("production", "collect"))?.has("CI:mtn")).toBe(true); // the fallback serves it
  });

  it("closed for payouts too, with no fallback: unavailable with the operator's reason, gone from the payout methods, named in health", async () => {
    await setStatus("MTN_MOMO_CIV", "PAYOUT", "CLOSED");
    await refreshAllProviderAvailability();
    const route = await getRoute("production", "CI", "mtn", "payout");
    expect(route).toEqual({ available: false, reason: expect.stringMatching(/^pp-avail: closed by the operator \(pawaPay MTN_MOMO_CIV PAYOUT CLOSED, as of .+\)$/) });
    const payouts = await availableProviders("production", "payout");
    expect(payouts?.has("CI:mtn")).toBe(false);
    expect(payouts?.has("SN:orange")).toBe(true);
    const health = await checkHealth();
    expect(health.status).toBe("degraded");
    expect(health.checks.connectors).toEqual({
      status: "degraded",
      // The accounts themselves can serve: it is the operator that closed one provider.
      accounts: [
        { id: "fb-avail", state: "ok" },
        { id: "pp-avail", state: "ok" },
      ],
      closedProviders: expect.arrayContaining([
        { country: "CI", provider: "mtn", direction: "collect", account: "pp-avail", servedBy: "fb-avail" },
        { country: "CI", provider: "mtn", direction: "payout", account: "pp-avail", servedBy: null },
      ]),
    });
  });

  it("connector:check shows the closed routed providers and stores pawaPay's answer; reopened → back on pawaPay, health ok", async () => {
    const closed = await ops("connector:check", "--id", "pp-avail");
    expect(closed.code).toBe(0);
    expect(closed.output).toContain("CI mtn collect: pawaPay MTN_MOMO_CIV DEPOSIT CLOSED");
    expect(closed.output).toContain("CI mtn payout: pawaPay MTN_MOMO_CIV PAYOUT CLOSED");

    await setStatus("MTN_MOMO_CIV", "DEPOSIT", "OPERATIONAL");
    await setStatus("MTN_MOMO_CIV", "PAYOUT", "DELAYED"); // late, but takes payouts
    const open = await ops("connector:check", "--id", "pp-avail");
    expect(open.output).toContain("none reported closed by the operator");
    expect(await getRoute("production", "CI", "mtn", "collect")).toMatchObject({ available: true, fallback: false, account: { id: "pp-avail" } });
    expect(await getRoute("production", "CI", "mtn", "payout")).toMatchObject({ available: true, account: { id: "pp-avail" } });
    expect((await checkHealth()).checks.connectors).toEqual({
      status: "ok",
      accounts: [
        { id: "fb-avail", state: "ok" },
        { id: "pp-avail", state: "ok" },
      ],
      closedProviders: [],
    });
  });

  it("an unreadable availability keeps the last report; a report no refresh has renewed for five cadences is not trusted", async () => {
    await setStatus("MTN_MOMO_CIV", "DEPOSIT", "CLOSED");
    await refreshAllProviderAvailability();
    expect(await getRoute("production", "CI", "mtn", "collect")).toMatchObject({ account: { id: "fb-avail" } });

    sim.admin.failNext({ resource: "availability", when: "before-commit", kind: "500" });
    const [failed] = await refreshAllProviderAvailability();
    expect(failed).toMatchObject({ refreshed: false, why: expect.stringContaining("availability unreadable") });
    expect(await getRoute("production", "CI", "mtn", "collect")).toMatchObject({ account: { id: "fb-avail" } });

    const prisma = await getPrisma();
    await prisma.connectorAccount.update({ where: { id: "pp-avail" }, data: { availabilityCheckedAt: new Date(Date.now() - 6 * 60_000) } });
    expect(await getRoute("production", "CI", "mtn", "collect")).toMatchObject({ available: true, fallback: false, account: { id: "pp-avail" } });
    await setStatus("MTN_MOMO_CIV", "DEPOSIT", "OPERATIONAL");
  });
});
