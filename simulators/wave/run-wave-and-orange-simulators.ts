import { startOrangeWebpaySimulator } from "../orange-webpay";
import { startWaveSimulator } from "./start-wave-simulator";

/**
 * `npm run simulators`' part for Wave and Orange Money web payment: both contract simulators on
 * 127.0.0.1 with fixed, well-known test credentials (so the printed environment stays valid
 * across restarts), webhooks / notifications pointed at the platform's callback route.
 */
export const WAVE_SIM_SECRETS = { API_KEY: "wave_sn_prod_simulator_key", WEBHOOK_SECRET: "wave_sn_WHS_simulator_secret" } as const;
export const ORANGE_SIM_SECRETS = { CLIENT_ID: "orange-sim-client", CLIENT_SECRET: "orange-sim-secret", MERCHANT_KEY: "orangesimmerchant" } as const;

export async function runWaveAndOrangeSimulators(options: { waveSimPort: number; orangeSimPort: number; platformOrigin: string; log?: (line: string) => void }) {
  const log = options.log ?? console.log;
  const https = options.platformOrigin.startsWith("https://");
  const wave = await startWaveSimulator({
    port: options.waveSimPort,
    apiKeys: [{ key: WAVE_SIM_SECRETS.API_KEY, scopes: ["checkout", "payout"] }],
    webhookSecrets: [WAVE_SIM_SECRETS.WEBHOOK_SECRET],
    webhookUrl: `${options.platformOrigin}/api/v1/connectors/wave-sim/callback`,
    // Wave demands https return URLs; a platform on plain http (PUBLIC_URL) is allowed here only.
    requireHttpsUrls: https,
  });
  const orange = await startOrangeWebpaySimulator({ port: options.orangeSimPort, clientId: ORANGE_SIM_SECRETS.CLIENT_ID, clientSecret: ORANGE_SIM_SECRETS.CLIENT_SECRET, merchantKey: ORANGE_SIM_SECRETS.MERCHANT_KEY, requireHttpsNotifUrl: https });
  const lines = [
    "",
    `Wave simulator (checkout sessions, payouts, signed webhooks to wave-sim) on ${wave.url}`,
    ...Object.entries(WAVE_SIM_SECRETS).map(([k, v]) => `  export WAVE_SIM_${k}=${v}`),
    `  npm run ops -- connector:add --id wave-sim --type wave --base-url ${wave.url} --secrets-env WAVE_SIM`,
    `  Customers pay on ${wave.url}/pay/<session id>; admin under /admin/* (pay, recipients, clock, faults, config)`,
    "",
    `Orange Money WebPay simulator (production paths sn, ci, ml, bf, cm, gn) on ${orange.url}`,
    ...Object.entries(ORANGE_SIM_SECRETS).map(([k, v]) => `  export ORANGE_SIM_${k}=${v}`),
    `  npm run ops -- connector:add --id orange-sim --type orange-webpay --base-url ${orange.url} --setting countryPath=sn --secrets-env ORANGE_SIM`,
    `  Customers pay on ${orange.url}/pay/<pay_token>`,
  ];
  for (const line of lines) log(line);
  return { wave, orange, close: () => Promise.all([wave.close(), orange.close()]).then(() => undefined) };
}
