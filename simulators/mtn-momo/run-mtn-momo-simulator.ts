import { pathToFileURL } from "node:url";
import { startMtnMomoSimulator, type MtnSimulator, type MtnSimulatorOptions } from "./start-mtn-momo-simulator";

/**
 * The simulator as a standalone process (`npm run simulators`, or
 * `npx tsx simulators/mtn-momo/run-mtn-momo-simulator.ts [port] [sandbox|production] [callbackHost]`).
 * It provisions one API user per product with fixed, well-known test credentials, so the
 * environment printed below stays valid across restarts, and prints how to point a connector
 * account at it.
 */
export const SIMULATOR_CREDENTIALS = {
  COLLECTION_SUBSCRIPTION_KEY: "sim-collection-subscription-key",
  COLLECTION_API_USER: "0b0c5f3e-1c8e-4c41-9a9e-2f6d1d0c0a01",
  COLLECTION_API_KEY: "sim-collection-api-key",
  DISBURSEMENT_SUBSCRIPTION_KEY: "sim-disbursement-subscription-key",
  DISBURSEMENT_API_USER: "0b0c5f3e-1c8e-4c41-9a9e-2f6d1d0c0a02",
  DISBURSEMENT_API_KEY: "sim-disbursement-api-key",
} as const;

export type RunOptions = MtnSimulatorOptions & { port: number; callbackHost?: string; envPrefix?: string; log?: (line: string) => void };

export async function runMtnMomoSimulator(options: RunOptions): Promise<MtnSimulator> {
  const { callbackHost = "127.0.0.1", envPrefix = "MTN_SIM", log = console.log, ...simulatorOptions } = options;
  const c = SIMULATOR_CREDENTIALS;
  const simulator = await startMtnMomoSimulator({
    mode: "production",
    // A payer who approves after a couple of seconds: the platform sees 202, then PENDING, then the outcome.
    settleAfterSeconds: 2,
    ...simulatorOptions,
    subscriptionKeys: { collection: c.COLLECTION_SUBSCRIPTION_KEY, disbursement: c.DISBURSEMENT_SUBSCRIPTION_KEY },
    users: [
      { userId: c.COLLECTION_API_USER, apiKey: c.COLLECTION_API_KEY, product: "collection", callbackHost },
      { userId: c.DISBURSEMENT_API_USER, apiKey: c.DISBURSEMENT_API_KEY, product: "disbursement", callbackHost },
    ],
  });
  const { mode, targetEnvironment, currency } = simulator.admin.config;
  const lines = [
    `MTN MoMo simulator (${mode}: X-Target-Environment ${targetEnvironment}, ${currency}) on ${simulator.url}`,
    `Callbacks go only to host ${callbackHost}. Secrets:`,
    ...Object.entries(c).map(([name, value]) => `  export ${envPrefix}_${name}=${value}`),
    `Connector account:`,
    `  npm run ops -- connector:add --id mtn-sim --type mtn-momo --base-url ${simulator.url} --setting targetEnvironment=${targetEnvironment} --setting currency=${currency} --setting callbackHost=${callbackHost} --secrets-env ${envPrefix}`,
    `  (callbackHost: if PUBLIC_BASE_URL is on another host, no callback URL is sent and polling resolves payments;`,
    `   without it the simulator, like MTN, refuses the call with 500 INVALID_CALLBACK_URL_HOST)`,
    `Admin (JSON): POST /admin/scenarios {"msisdn":"2250500000001","status":"FAILED","reason":"APPROVAL_REJECTED"},`,
    `  POST /admin/config {"settleAfterSeconds":5,"callbackMode":"duplicated"}, POST /admin/clock {"advanceSeconds":300},`,
    `  POST /admin/balance {"product":"disbursement","amount":"1000"}, POST /admin/faults {"kind":"drop_after_accept","on":"money"},`,
    `  GET /admin/requests, /admin/ledger, /admin/callbacks, /admin/state.`,
  ];
  if (mode === "sandbox") lines.push(`Sandbox numbers 46733123450…463 pick MTN's scenarios; provisioning at POST /v1_0/apiuser is open.`);
  for (const line of lines) log(line);
  return simulator;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? 4010);
  const mode = process.argv[3] === "sandbox" ? "sandbox" : "production";
  const simulator = await runMtnMomoSimulator({ port, mode, callbackHost: process.argv[4] });
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
