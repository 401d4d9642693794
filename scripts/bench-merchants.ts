/**
 * `npm run bench` helper: creates N sandbox merchants (enterprise plan) in the database of
 * DATABASE_URL and prints their API credentials as JSON, for the payout benchmarks that spread
 * load over many wallets. PostgreSQL only: the embedded database has one owner, the server.
 */
import { createMerchant } from "@/lib/merchants/create-merchant";

const count = Number(process.argv[2] ?? 100);
const tag = `${process.pid}-${Date.now()}`;
const credentials: string[] = [];
for (let i = 0; i < count; i++) {
  const created = await createMerchant({ name: `Bench Wallet ${i}`, email: `bench-wallet-${tag}-${i}@sandbox.local`, plan: "enterprise" });
  if (!created.keys) throw new Error("bench merchants need APP_ENV=sandbox");
  credentials.push(`${created.keys.publicKey}:${created.keys.secretKey}`);
}
console.log(JSON.stringify(credentials));
process.exit(0);
