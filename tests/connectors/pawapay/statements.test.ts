import { afterEach, describe, expect, it } from "vitest";
import { deposit, payout } from "@/lib/connectors/pawapay/client";
import { pawapayConnector } from "@/lib/connectors/pawapay";
import { fetchPawapayStatements } from "@/lib/connectors/pawapay/statements";
import { readStatement } from "@/lib/reconciliation/statement";
import { collectOrder, eventually, payoutOrder, startPawapay } from "./setup";

/**
 * pawaPay's wallet statements through its API (lib/connectors/pawapay/README.md, "Statements"):
 * the connector asks a statement per wallet, waits for it, downloads it without our token, and
 * reconciliation reads it with the published layout. Against the contract simulator over real
 * HTTP, in each shape the sources leave open; and the simulator's strictness with raw HTTP.
 */
let world: Awaited<ReturnType<typeof startPawapay>> | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const layout = pawapayConnector.reconciliation!.statement!;

async function paidDepositAndPayout(w: NonNullable<typeof world>) {
  const collect = collectOrder({ phone: "2250700000789", provider: "orange", amountMinor: 1_500n });
  const sent = payoutOrder({ destination: "2250700000789", provider: "orange", amountMinor: 700n });
  expect((await deposit(w.context, collect)).status).toBe("processing");
  expect((await payout(w.context, sent)).status).toBe("processing");
  await eventually(() => {
    expect([w.sim.admin.payment("deposit", collect.reference)?.status, w.sim.admin.payment("payout", sent.reference)?.status]).toEqual(["COMPLETED", "COMPLETED"]);
  });
  return { collect, sent };
}

const window = (w: NonNullable<typeof world>) => ({ from: new Date(w.sim.admin.now() - 60_000), to: new Date(w.sim.admin.now() + 60_000) });

describe("pawaPay statements through the API", () => {
  it("one statement per wallet, asked as the reference writes it, downloaded without our token, read with the published layout", async () => {
    world = await startPawapay();
    const { collect, sent } = await paidDepositAndPayout(world);
    const texts = await fetchPawapayStatements(world.context, window(world));
    const balances = (await (await fetch(`${world.sim.url}/v2/wallet-balances`, { headers: { authorization: `Bearer ${world.sim.token()}` } })).json()) as { balances: unknown[] };
    expect(texts).toHaveLength(balances.balances.length);

    const asked = world.sim.admin.requests.filter((r) => r.method === "POST" && r.path === "/v2/statements").map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(asked[0]).toEqual({ wallet: { country: expect.any(String), currency: expect.any(String) }, startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/), endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/), compressed: false });
    const downloads = world.sim.admin.requests.filter((r) => r.path.startsWith("/files/statements/"));
    expect(downloads).toHaveLength(texts.length);
    for (const d of downloads) expect(d.headers.authorization).toBeUndefined();

    const records = texts.flatMap((t) => readStatement(t, layout).records);
    expect(records.map((r) => [r.reference, r.direction, r.state, r.amountMinor, r.currency]).sort()).toEqual(
      [
        [collect.reference, "collect", "success", 1_500n, "XOF"],
        [sent.reference, "payout", "success", 700n, "XOF"],
      ].sort(),
    );
  });

  it("every shape the sources leave open: a statement still processing for two checks, payouts written negative", async () => {
    world = await startPawapay({ sim: { wallets: [{ country: "CIV", currency: "XOF", balance: "100000" }], statements: { processingPolls: 2, signedAmounts: true } } });
    const { collect, sent } = await paidDepositAndPayout(world);
    const records = (await fetchPawapayStatements(world.context, window(world))).flatMap((t) => readStatement(t, layout).records);
    expect(records.map((r) => [r.reference, r.direction, r.amountMinor]).sort()).toEqual(
      [
        [collect.reference, "collect", 1_500n],
        [sent.reference, "payout", 700n],
      ].sort(),
    );
    const checks = world.sim.admin.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v2/statements/"));
    expect(checks.length).toBe(3 * world.sim.admin.statements().length);
  });

  it("a window longer than 31 days is asked in parts", async () => {
    world = await startPawapay({ sim: { wallets: [{ country: "CIV", currency: "XOF", balance: "1000" }] } });
    const from = new Date(Date.UTC(2026, 9, 1));
    const texts = await fetchPawapayStatements(world.context, { from, to: new Date(from.getTime() + 40 * 24 * 3600_000) });
    expect(texts).toHaveLength(2);
    expect(world.sim.admin.statements().map((s) => [s.startDate, s.endDate])).toEqual([
      ["2026-10-01T00:00:00", "2026-11-01T00:00:00"],
      ["2026-11-01T00:00:00", "2026-11-10T00:00:00"],
    ]);
  });

  it("a statement refused or failed is an error, never a short list", async () => {
    world = await startPawapay({ sim: { statements: { rejectWith: "INVALID_DATE_RANGE" } } });
    await expect(fetchPawapayStatements(world.context, window(world))).rejects.toThrow(/not accepted \(HTTP 200: INVALID_DATE_RANGE\)/);
    world.sim.admin.setStatements({ rejectWith: null, fail: true });
    await expect(fetchPawapayStatements(world.context, window(world))).rejects.toThrow(/ended FAILED: UNKNOWN_ERROR/);
  });
});

describe("the simulator's statements, raw HTTP", () => {
  it("refuses what pawaPay refuses: no token, no wallet, no date-time, a range over 31 days, a link without its token", async () => {
    world = await startPawapay();
    const post = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${world!.sim.token()}` }) =>
      fetch(`${world!.sim.url}/v2/statements`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    const good = { wallet: { country: "CIV", currency: "XOF" }, startDate: "2026-11-01T00:00:00", endDate: "2026-11-02T00:00:00Z" };
    expect((await post(good, {})).status).toBe(401);
    expect((await post({ ...good, wallet: undefined })).status).toBe(400);
    expect((await post({ ...good, startDate: "yesterday" })).status).toBe(400);
    expect((await post({ ...good, compressed: "no" })).status).toBe(400);
    expect(await (await post({ ...good, endDate: "2026-12-05T00:00:00" })).json()).toMatchObject({ status: "REJECTED", failureReason: { failureCode: "INVALID_DATE_RANGE" } });
    expect(await (await post({ ...good, wallet: { country: "KEN", currency: "KES" } })).json()).toMatchObject({ status: "REJECTED", failureReason: { failureCode: "WALLET_NOT_FOUND" } });

    const accepted = (await (await post({ ...good, callbackUrl: "https://merchant.example/statements" })).json()) as { statementId: string; status: string };
    expect(accepted.status).toBe("ACCEPTED");
    const status = (await (await fetch(`${world.sim.url}/v2/statements/${accepted.statementId}`, { headers: { authorization: `Bearer ${world.sim.token()}` } })).json()) as { status: string; data: { downloadUrl: string } };
    expect(status).toMatchObject({ status: "FOUND", data: { status: "COMPLETED", downloadUrl: expect.stringContaining("token=") } });
    const link = new URL(status.data.downloadUrl);
    expect((await fetch(`${link.origin}${link.pathname}?token=wrong`)).status).toBe(403);
    const file = await fetch(status.data.downloadUrl);
    expect(file.status).toBe(200);
    expect((await file.text()).split("\n")[0]).toBe("Creation Date,MSISDN,Transaction ID,Amount,Currency,Country,MNO,Type");
    expect(await (await fetch(`${world.sim.url}/v2/statements/00000000-0000-4000-8000-000000000000`, { headers: { authorization: `Bearer ${world.sim.token()}` } })).json()).toEqual({ status: "NOT_FOUND" });
  });
});
