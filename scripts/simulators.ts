/**
 * `npm run simulators`: every operator's contract simulator on 127.0.0.1, for pointing a
 * production-mode instance at them end to end (DESIGN §13). Each prints its secrets and the
 * `connector:add` line that configures an account against it.
 *
 *   PUBLIC_BASE_URL  where the platform listens (callbacks go to its /api/v1/connectors/<id>/callback)
 *   SIMULATOR_PORT_BASE  first port (default 4010: MTN MoMo 4010, pawaPay 4011, Wave 4014, Orange WebPay 4015)
 */
import { runMtnMomoSimulator } from "@/lib/connectors/mtn-momo/simulator";
import { startPawapaySimulator } from "@/lib/connectors/pawapay/simulator";
import { runWaveAndOrangeSimulators } from "@/lib/connectors/wave/simulator/run-wave-and-orange-simulators";

const base = Number(process.env.SIMULATOR_PORT_BASE ?? 4010);
const platform = new URL(process.env.PUBLIC_BASE_URL ?? process.env.PUBLIC_URL ?? "http://127.0.0.1:3000");

const mtn = await runMtnMomoSimulator({ port: base, callbackHost: platform.hostname });
console.log("");

const pawapayAccount = "pawapay-sim";
const pawapay = await startPawapaySimulator({ port: base + 1, callbackUrl: `${platform.origin}/api/v1/connectors/${pawapayAccount}/callback` });
console.log(`pawaPay simulator (API v2, signed callbacks) on ${pawapay.url}`);
console.log(`  export PAWAPAY_SIM_API_TOKEN=${pawapay.token()}`);
console.log(`  npm run ops -- connector:add --id ${pawapayAccount} --type pawapay --base-url ${pawapay.url} --secrets-env PAWAPAY_SIM`);
console.log(`  Test numbers (last three digits): 789 completed, 049 insufficient balance, 129 stays processing; admin under /_admin/*`);

const waveOrange = await runWaveAndOrangeSimulators({ waveSimPort: base + 4, orangeSimPort: base + 5, platformOrigin: platform.origin });

const stop = () => void Promise.all([mtn.close(), pawapay.close(), waveOrange.close()]).then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
