import { randomBytes } from "node:crypto";
import { appEnv, config } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { merchantAccount, platformAccount } from "@/lib/ledger/accounts";
import { fundSandboxWallet } from "@/lib/ledger/fund-sandbox-wallet";
import { postEntry } from "@/lib/ledger/post-entry";

type LedgerBenchmarkResult = { wallets: number; entries: number; concurrency: number; seconds: number; entriesPerSecond: number };

/**
 * `npm run bench` helper, `tsx scripts/bench-ledger.ts --wallets 1|100 --entries N [--concurrency 10]`:
 * prints one JSON line of the result. A benchmark, not an operator's command: it lives beside the
 * other benchmarks rather than in the product's ops tool.
 *
 * Journal entries per second, each a guarded debit of 1 XOF in its own transaction (lock,
 * balance check, entry, balance update, postings), posted by `concurrency` workers spread over
 * `wallets` fresh merchants' collect wallets: wallets = 1 measures one hot wallet (every entry
 * waits on the same row lock), wallets = 100 the spread case. Sandbox only (it creates
 * merchants and test funds). Run on PostgreSQL: PGlite is one connection, so no concurrency.
 */
async function benchmarkLedger(options: { wallets: number; entries: number; concurrency?: number }): Promise<LedgerBenchmarkResult> {
  if (appEnv() !== "sandbox") throw new Error("The ledger benchmark runs only in sandbox: it creates merchants and test funds.");
  const { wallets, entries } = options;
  const concurrency = options.concurrency ?? config.databasePoolSize();
  const prisma = await getPrisma();
  const run = randomBytes(4).toString("hex");
  const merchants: string[] = [];
  for (let w = 0; w < wallets; w++) {
    const { merchant } = await createMerchant({ name: `Ledger bench ${run} #${w}`, email: `bench-${run}-${w}@bench.local` });
    const perWallet = BigInt(Math.ceil(entries / wallets));
    await prisma.$transaction((tx) => fundSandboxWallet(tx, { environment: "sandbox", merchantId: merchant.id, currency: "XOF", amount: perWallet, category: "collect" }));
    merchants.push(merchant.id);
  }

  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    for (let i = next++; i < entries; i = next++) {
      const merchantId = merchants[i % wallets];
      await prisma.$transaction((tx) =>
        postEntry(tx, {
          idempotencyKey: `bench:${run}:${i}`,
          type: "bench",
          environment: "sandbox",
          postings: [
            { account: merchantAccount(merchantId, "XOF", "collect"), amount: -1n },
            { account: platformAccount("sandbox_funding", "XOF"), amount: 1n },
          ],
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { wallets, entries, concurrency, seconds, entriesPerSecond: Math.round(entries / seconds) };
}

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const n = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}

const result = await benchmarkLedger({ wallets: flag("wallets", 1), entries: flag("entries", 2000), concurrency: flag("concurrency", config.databasePoolSize()) });
console.log(JSON.stringify(result));
process.exit(0);
