/**
 * `npm run simulators`: every operator's contract simulator on 127.0.0.1, for pointing a
 * production-mode instance at them end to end (docs/design/connectors.md). Each prints its secrets and the
 * `connector:add` line that configures an account against it.
 *
 *   PUBLIC_BASE_URL  where the platform listens (callbacks go to its /api/v1/connectors/<id>/callback)
 *   SIMULATOR_PORT_BASE  first port (default 4010: MTN MoMo 4010, pawaPay 4011, Wave 4014, Orange WebPay 4015, M-Pesa 4016, Airtel 4017)
 */
import { setting } from "@/lib/config";
import { runAirtelSimulator } from "@/simulators/airtel";
import { runMpesaSimulator } from "@/simulators/mpesa-daraja";
import { runMtnMomoSimulator } from "@/simulators/mtn-momo";
import { startPawapaySimulator } from "@/simulators/pawapay";
import { runWaveAndOrangeSimulators } from "@/simulators/wave/run-wave-and-orange-simulators";

const base = setting("SIMULATOR_PORT_BASE");
const platform = new URL(setting("PUBLIC_BASE_URL") ?? setting("PUBLIC_URL") ?? "http://127.0.0.1:3000");

const mtn = await runMtnMomoSimulator({ port: base, callbackHost: platform.hostname });
console.log("");

const pawapayAccount = "pawapay-sim";
const pawapay = await startPawapaySimulator({ port: base + 1, callbackUrl: `${platform.origin}/api/v1/connectors/${pawapayAccount}/callback` });
console.log(`pawaPay simulator (API v2, signed callbacks) on ${pawapay.url}`);
console.log(`  export PAWAPAY_SIM_API_TOKEN=${pawapay.token()}`);
console.log(`  npm run ops -- connector:add --id ${pawapayAccount} --type pawapay --base-url ${pawapay.url} --secrets-env PAWAPAY_SIM`);
console.log(`  Test numbers (last three digits): 789 completed, 049 insufficient balance, 129 stays processing; admin under /_admin/*`);

const waveOrange = await runWaveAndOrangeSimulators({ waveSimPort: base + 4, orangeSimPort: base + 5, platformOrigin: platform.origin });
// M-Pesa Daraja on base+6 (callback URLs travel with each request), Airtel Money on base+7 (one callback URL per app).
const mpesa = await runMpesaSimulator({ port: base + 6 });
console.log("");
const airtel = await runAirtelSimulator({ port: base + 7, callbackUrl: `${platform.origin}/api/v1/connectors/airtel-sim/callback` });

const stop = () => void Promise.all([mtn.close(), pawapay.close(), waveOrange.close(), mpesa.close(), airtel.close()]).then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
