import { startMpesaSimulator, type MpesaSimulator, type MpesaSimulatorOptions } from "./start-mpesa-simulator";

/** The settings an account pointed at the simulator uses (its shortcodes and initiator). */
export const MPESA_SIM_SETTINGS = { shortcode: "174379", b2cShortcode: "600999", initiatorName: "testapi" } as const;

/** The secrets (`<PREFIX>_<NAME>`) of an account pointed at this simulator. */
export function mpesaSimulatorSecrets(simulator: MpesaSimulator): Record<string, string> {
  const c = simulator.config;
  return {
    CONSUMER_KEY: c.consumerKey,
    CONSUMER_SECRET: c.consumerSecret,
    PASSKEY: c.passkeys[MPESA_SIM_SETTINGS.shortcode]!,
    INITIATOR_PASSWORD: c.initiatorPassword,
    SAFARICOM_CERTIFICATE: simulator.certificate,
  };
}

/** `npm run simulators`: starts it (http callbacks allowed, for a local platform) and prints how to configure an account. */
export async function runMpesaSimulator(options: MpesaSimulatorOptions & { envPrefix?: string; log?: (line: string) => void } = {}): Promise<MpesaSimulator> {
  const { envPrefix = "MPESA_SIM", log = console.log, ...rest } = options;
  const simulator = await startMpesaSimulator({ allowHttpCallbacks: true, ...rest });
  const s = MPESA_SIM_SETTINGS;
  log(`M-Pesa Daraja simulator on ${simulator.url} (STK shortcode ${s.shortcode}, B2C shortcode ${s.b2cShortcode}, KES)`);
  for (const [name, value] of Object.entries(mpesaSimulatorSecrets(simulator))) {
    // The certificate is multi-line PEM: printed with \n escapes (the connector reads them back).
    log(`  export ${envPrefix}_${name}='${value.trim().replace(/\n/g, "\\n")}'`);
  }
  log(`  npm run ops -- connector:add --id safaricom-sim --type mpesa-daraja --base-url ${simulator.url} --setting shortcode=${s.shortcode} --setting b2cShortcode=${s.b2cShortcode} --setting initiatorName=${s.initiatorName} --secrets-env ${envPrefix}`);
  log(`  Payer numbers: the last four digits pick the STK ResultCode (…1032 cancelled, …0001 insufficient funds, …7777 no answer); admin under /admin/*`);
  return simulator;
}
