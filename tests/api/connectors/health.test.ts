import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/health/route";
import { getPrisma } from "@/lib/db/client";
import { call } from "../../helpers/http";
import { enterProduction, restoreEnv, setEnv } from "../../helpers/production-instance";

/** A production instance with a route to a misconfigured connector account says so (docs/design/connectors.md). */
beforeAll(async () => {
  enterProduction({ HEALTH_OK_API_KEY: "x" });
  const db = await getPrisma();
  await db.connectorAccount.create({ data: { id: "health-sim", type: "simulator", environment: "production", secretsEnv: "HEALTH_OK" } });
  await db.connectorRoute.create({ data: { environment: "production", country: "GN", provider: "orange", direction: "collect", accountId: "health-sim" } });
});

afterAll(() => restoreEnv());

describe("GET /health in production", () => {
  it("ok while every routed account can serve; degraded (still 200) naming the account when one cannot, without the detail", async () => {
    const healthy = await call(GET, { path: "/health" });
    expect(healthy.status).toBe(200);
    // (On a shared PostgreSQL other files' accounts may show up: only ours is looked at.)
    expect(healthy.json.checks.connectors.accounts).toContainEqual({ id: "health-sim", state: "ok" });

    await (await getPrisma()).connectorAccount.update({ where: { id: "health-sim" }, data: { type: "gone-type" } });
    setEnv({ HEALTH_OK_API_KEY: "" });
    const res = await call(GET, { path: "/health" });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("degraded");
    expect(res.json.checks.connectors.status).toBe("degraded");
    expect(res.json.checks.connectors.accounts).toContainEqual({ id: "health-sim", state: "misconfigured" });
    expect(res.text).not.toMatch(/gone-type|HEALTH_OK/);
  });

  it("names an account whose circuit breaker is open as unavailable", async () => {
    const db = await getPrisma();
    await db.connectorAccount.update({ where: { id: "health-sim" }, data: { type: "simulator", breakerState: "open", consecutiveFailures: 5, openUntil: new Date(Date.now() + 60_000) } });
    setEnv({ HEALTH_OK_API_KEY: "x" });
    const res = await call(GET, { path: "/health" });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("degraded");
    expect(res.json.checks.connectors.accounts).toContainEqual({ id: "health-sim", state: "unavailable" });
  });
});
