import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBreakerOpen, recordCallFailure, recordCallSuccess } from "@/lib/connectors/circuit-breaker";
import { accountProblem } from "@/lib/connectors/connector-accounts";
import { availableProviders, getRoute } from "@/lib/connectors/get-route";
import { getPrisma } from "@/lib/db/client";
import { registerFakeOperator } from "../helpers/fake-operator";
import { enterProduction, restoreEnv } from "../helpers/production-instance";

/** The registry, accounts and routes, and the breaker: which account serves a provider. */
let unregister: () => void;
const prisma = () => getPrisma();

beforeAll(async () => {
  enterProduction({ ROUTE_OK_API_KEY: "k1", ROUTE_FB_API_KEY: "k2", CONNECTOR_BREAKER_FAILURES: "3", CONNECTOR_BREAKER_COOLDOWN_SECONDS: "30" });
  unregister = registerFakeOperator();
  const db = await prisma();
  const account = (id: string, secretsEnv: string, type = "fake-operator") => ({ id, type, environment: "production" as const, baseUrl: "http://127.0.0.1:9", secretsEnv });
  await db.connectorAccount.createMany({
    data: [account("route-ok", "ROUTE_OK"), account("route-fb", "ROUTE_FB"), account("route-nosecret", "ROUTE_MISSING"), account("route-unknown", "ROUTE_OK", "no-such-type")],
  });
  await db.connectorRoute.createMany({
    data: [
      { environment: "production", country: "CI", provider: "mtn", direction: "collect", accountId: "route-ok" },
      { environment: "production", country: "CI", provider: "orange", direction: "collect", accountId: "route-nosecret", fallbackAccountId: "route-fb" },
      { environment: "production", country: "CI", provider: "moov", direction: "collect", accountId: "route-unknown" },
      { environment: "production", country: "CI", provider: "wave", direction: "refund", accountId: "route-ok" },
    ],
  });
});

afterAll(() => {
  unregister();
  restoreEnv();
});

describe("getRoute", () => {
  it("sandbox: every provider is served by the built-in simulator, without a query", async () => {
    const route = await getRoute("sandbox", "SN", "orange", "collect");
    expect(route).toMatchObject({ available: true, account: { id: "simulator", type: "simulator" } });
    expect(await availableProviders("sandbox", "collect")).toBeNull();
  });

  it("production: a route to a usable account; none → unavailable", async () => {
    expect(await getRoute("production", "CI", "mtn", "collect")).toMatchObject({ available: true, fallback: false, account: { id: "route-ok" } });
    const none = await getRoute("production", "CI", "mtn", "payout");
    expect(none).toEqual({ available: false, reason: "no payout route for mtn in CI" });
  });

  it("a missing secret or an unknown type makes an account unusable; the fallback serves", async () => {
    expect(await getRoute("production", "CI", "orange", "collect")).toMatchObject({ available: true, fallback: true, account: { id: "route-fb" } });
    const unknown = await getRoute("production", "CI", "moov", "collect");
    expect(unknown).toEqual({ available: false, reason: 'route-unknown: unknown connector type "no-such-type"' });
    const noSecret = (await (await prisma()).connectorAccount.findUniqueOrThrow({ where: { id: "route-nosecret" } }));
    expect(accountProblem(noSecret)).toBe("missing secret env var ROUTE_MISSING_API_KEY");
  });

  it("a direction the connector lacks is unavailable", async () => {
    expect(await getRoute("production", "CI", "wave", "refund")).toMatchObject({ available: false, reason: expect.stringContaining("does not do refund") });
  });

  it("the method lists see the same availability", async () => {
    const available = await availableProviders("production", "collect");
    expect([...available!].filter((key) => key.startsWith("CI:")).sort()).toEqual(["CI:mtn", "CI:orange"]);
  });
});

describe("circuit breaker (per account, in the database)", () => {
  it("opens after N consecutive failures, makes the account unavailable (fallback or none), half-opens after the cool-down, closes on an answer", async () => {
    const db = await prisma();
    const now = new Date();
    expect(await recordCallFailure(db, "route-ok", now)).toEqual({ opened: false });
    await recordCallSuccess(db, "route-ok"); // an answer resets the count
    for (let i = 0; i < 2; i++) expect(await recordCallFailure(db, "route-ok", now)).toEqual({ opened: false });
    expect(await recordCallFailure(db, "route-ok", now)).toEqual({ opened: true });
    const open = await db.connectorAccount.findUniqueOrThrow({ where: { id: "route-ok" } });
    expect(open).toMatchObject({ breakerState: "open", consecutiveFailures: 3, openedAt: now, openUntil: new Date(now.getTime() + 30_000) });
    expect(await getRoute("production", "CI", "mtn", "collect", { now })).toMatchObject({ available: false, reason: expect.stringContaining("circuit breaker open") });
    expect(await availableProviders("production", "collect")).not.toContain("CI:mtn");

    // Past the cool-down: half-open, the next call goes through.
    const later = new Date(now.getTime() + 31_000);
    expect(isBreakerOpen(open, later)).toBe(false);
    expect(await getRoute("production", "CI", "mtn", "collect", { now: later })).toMatchObject({ available: true });
    // The probe fails: open again for another cool-down, from then.
    await recordCallFailure(db, "route-ok", later);
    const reopened = await db.connectorAccount.findUniqueOrThrow({ where: { id: "route-ok" } });
    expect(reopened).toMatchObject({ breakerState: "open", openedAt: now, openUntil: new Date(later.getTime() + 30_000) });
    await recordCallSuccess(db, "route-ok");
    expect(await db.connectorAccount.findUniqueOrThrow({ where: { id: "route-ok" } })).toMatchObject({ breakerState: "closed", consecutiveFailures: 0, openUntil: null });
  });
});
