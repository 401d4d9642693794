import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { resetAuthFailureBlocks } from "@/lib/http/authenticate-limited";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { verifyMerchant } from "@/lib/merchants/verify-merchant";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { invalidateReferenceCache } from "@/lib/reference";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { getPrisma } from "@/lib/db/client";
import { reconcileAccount } from "@/lib/reconciliation";
import type { SimulationDatabase } from "./database";
import type { CallbackListener, WebhookReceiver } from "./listeners";
import type { Market } from "./operators";
import type { OperatorUnderTest, RouteSpec } from "./operators/operator";
import { SimulatedClock } from "./sim-clock";

/**
 * One seed's world: a production instance of the platform (APP_ENV=production, real connectors)
 * on a fresh database, the operators' simulators started on the simulated clock, connector
 * accounts and routes configured with the ops commands as an operator of the platform would, and
 * verified merchants with live keys and a webhook endpoint.
 */
export const PUBLIC_URL = "https://pay.example.test";

/** The process's settings for every seed (set once, before the platform reads any). */
export function simulationEnvironment(callbackBaseUrl: string): Record<string, string> {
  return {
    APP_ENV: "production",
    PUBLIC_URL,
    PUBLIC_BASE_URL: callbackBaseUrl,
    JOBS_RUNNER: "off",
    LOG_LEVEL: process.env.SIMULATION_LOG_LEVEL ?? "silent",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_SECRET_KEYS: "sim1:c2ltdWxhdGlvbi1rZXktc2ltdWxhdGlvbi1rZXktMDA=",
    WEBHOOK_TIMEOUT_MS: "15000",
    // The merchant's receiver has a test certificate (listeners.ts).
    NODE_TLS_REJECT_UNAUTHORIZED: "0",
    SETTLEMENT_DELAY_SECONDS: "600",
    // Local simulators answer in milliseconds, but a loaded machine may take seconds: no call
    // may time out for real (the run would depend on the machine, not the seed).
    CONNECTOR_TOTAL_TIMEOUT_MS: "20000",
    CONNECTOR_AVAILABILITY_REFRESH_SECONDS: "1800",
    CONNECTOR_BREAKER_FAILURES: "5",
    CONNECTOR_BREAKER_COOLDOWN_SECONDS: "60",
    RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: "0",
    RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
  };
}

export type SimMerchant = { id: string; key: string; index: number; country: string; currency: string };

export type World = {
  operators: OperatorUnderTest[];
  merchants: SimMerchant[];
  clock: SimulatedClock;
};

async function ops(...argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  const command = opsCommands.find((c) => c.name === name);
  if (!command) throw new Error(`no ops command ${name}`);
  const lines: string[] = [];
  const code = (await command.run(parseOpsArgs(rest), (line) => lines.push(line))) ?? 0;
  if (code !== 0) throw new Error(`ops ${argv.join(" ")} failed: ${lines.join(" / ")}`);
}

export async function buildWorld(options: {
  seed: number;
  database: SimulationDatabase;
  listener: CallbackListener;
  receiver: WebhookReceiver;
  operators: OperatorUnderTest[];
  markets: readonly Market[];
}): Promise<World> {
  const { seed, database, listener, receiver, operators } = options;
  await database.openForSeed(seed);
  invalidateApiKeyCache();
  invalidateReferenceCache();
  resetAuthFailureBlocks();
  receiver.reset();
  listener.take();
  const clock = new SimulatedClock();
  for (const operator of operators) {
    await operator.start({
      clock,
      accountId: operator.accountId,
      callbackUrl: `${listener.url}/api/v1/connectors/${operator.accountId}/callback`,
      callbackHost: listener.host,
      secretsPrefix: prefixOf(operator.accountId),
    });
    for (const [name, value] of Object.entries(operator.secrets())) process.env[`${prefixOf(operator.accountId)}_${name}`] = value;
    const settings = Object.entries(operator.settings()).flatMap(([k, v]) => ["--setting", `${k}=${v}`]);
    await ops("connector:add", "--id", operator.accountId, "--type", operator.connectorType, "--base-url", operator.baseUrl(), ...settings, "--secrets-env", prefixOf(operator.accountId));
  }
  for (const operator of operators) {
    for (const route of operator.routes.filter((r) => !r.fallbackFor)) {
      for (const direction of route.directions) {
        const fallback = fallbackFor(operators, operator, route, direction);
        await ops("route:set", "--country", route.country, "--provider", route.provider, "--direction", direction, "--account", operator.accountId, ...(fallback ? ["--fallback", fallback] : []));
      }
    }
  }
  // A reconciliation of each account before any order, as an operator of the platform would run
  // on a new account: it reads the float where the operator publishes it, the baseline the end
  // of the seed's reconciliation measures the float's change from (invariant 6).
  const now = clock.now();
  for (const operator of operators) {
    await reconcileAccount(await getPrisma(), { accountId: operator.accountId, from: new Date(now.getTime() - 60_000), to: new Date(now.getTime() + 1), now, trigger: "simulation" });
  }
  const merchants: SimMerchant[] = [];
  for (const [i, market] of options.markets.entries()) {
    const created = await createMerchant({ name: `Simulated shop ${seed}-${i}`, email: `shop-${seed}-${i}@simulation.test`, country: market.country });
    const verified = await verifyMerchant(created.merchant.id, "simulation");
    await setWebhookUrl(created.merchant.id, "production", receiver.url, "simulation");
    merchants.push({ id: created.merchant.id, key: `${verified.keys.publicKey}:${verified.keys.secretKey}`, index: i, country: market.country, currency: created.merchant.settlementCurrency });
  }
  return { operators, merchants, clock };
}

/** Another account that serves the same country, provider and direction, as the route's fallback. */
function fallbackFor(operators: OperatorUnderTest[], primary: OperatorUnderTest, route: RouteSpec, direction: string): string | null {
  for (const other of operators) {
    if (other === primary) continue;
    if (other.routes.some((r) => r.fallbackFor && r.country === route.country && r.provider === route.provider && r.directions.includes(direction as never))) return other.accountId;
  }
  return null;
}

export const prefixOf = (accountId: string) => `SIM_${accountId.replace(/[^a-z0-9]/gi, "_").toUpperCase()}`;
