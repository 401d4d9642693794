import { startAirtelSimulator, type AirtelSimulator, type AirtelSimulatorOptions } from "./start-airtel-simulator";

/** The secrets (`<PREFIX>_<NAME>`) of an account pointed at this simulator. */
export function airtelSimulatorSecrets(simulator: AirtelSimulator): Record<string, string> {
  const c = simulator.config;
  return {
    CLIENT_ID: c.clientId,
    CLIENT_SECRET: c.clientSecret,
    DISBURSEMENT_PIN: c.pin,
    PIN_PUBLIC_KEY: simulator.publicKey,
    ...(c.callbackSecret ? { CALLBACK_SECRET: c.callbackSecret } : {}),
  };
}

/** `npm run simulators`: starts it (Gabon, XAF, hashed callbacks) and prints how to configure an account. */
export async function runAirtelSimulator(options: AirtelSimulatorOptions & { accountId?: string; envPrefix?: string; log?: (line: string) => void } = {}): Promise<AirtelSimulator> {
  const { accountId = "airtel-sim", envPrefix = "AIRTEL_SIM", log = console.log, ...rest } = options;
  const simulator = await startAirtelSimulator({ callbackSecret: "sim-airtel-callback-secret", ...rest });
  const c = simulator.config;
  log(`Airtel Money simulator on ${simulator.url} (${c.country}, ${c.currency}; callbacks to ${c.callbackUrl ?? "nowhere"})`);
  for (const [name, value] of Object.entries(airtelSimulatorSecrets(simulator))) log(`  export ${envPrefix}_${name}=${value}`);
  log(`  npm run ops -- connector:add --id ${accountId} --type airtel --base-url ${simulator.url} --setting country=${c.country} --setting currency=${c.currency}${c.callbackSecret ? " --setting callbackAuth=true" : ""} --secrets-env ${envPrefix}`);
  log(`  National numbers: the last four digits pick the outcome (…1002 wrong PIN, …1007 insufficient funds, …1024 expired, …0777 ambiguous then paid, …9999 stays TIP); admin under /admin/*`);
  return simulator;
}
