import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "@/lib/webhooks/forbidden-address";
import { postWebhook, responseBodyVisible } from "@/lib/webhooks/post-webhook";
import { startReceiver } from "../../helpers/webhook-receiver";

/** The HTTP half of delivery against a real receiver on 127.0.0.1, and the send-time SSRF rules. */
const sandbox = { requireHttps: false, allowPrivate: true };
const production = { requireHttps: true, allowPrivate: false };
const post = (url: string, extra: Partial<Parameters<typeof postWebhook>[0]> = {}) =>
  postWebhook({ url, headers: { "webhook-id": "evt_x" }, body: '{"ok":true}', timeoutMs: 2000, policy: sandbox, ...extra });

// The machine's own name goes through the real resolver (not the static `localhost` rule).
// It resolves to a loopback or private address on most machines and containers; elsewhere
// the injected-DNS test below covers the rule.
const ownName = hostname();
const ownAddresses = await lookup(ownName, { all: true }).catch(() => []);
const ownNameIsPrivate = ownAddresses.length > 0 && ownAddresses.every((a) => forbiddenAddressReason(a.address));

let receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});
async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

describe("postWebhook", () => {
  it("POSTs the JSON body with our headers and reports status and duration, never the body of a private receiver", async () => {
    const r = await receiver(() => ({ status: 202, body: "x".repeat(5000) }));
    const result = await post(r.url);
    expect(result).toMatchObject({ statusCode: 202, error: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    // 127.0.0.1 is reachable only because private targets are allowed; what it answers stays unseen.
    expect(result.responseBodyExcerpt).toBeNull();
    expect(r.requests[0]).toMatchObject({ method: "POST", path: "/hooks", body: '{"ok":true}' });
    expect(r.requests[0].headers).toMatchObject({ "content-type": "application/json", "webhook-id": "evt_x" });
    expect(r.requests[0].headers["user-agent"]).toMatch(/Webhooks/);
  });

  it("keeps a receiver's answer (first 1 KB) only when it came from a public address", () => {
    for (const address of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"]) expect(responseBodyVisible(address)).toBe(true);
    for (const address of ["127.0.0.1", "10.1.2.3", "192.168.1.10", "169.254.169.254", "::1", "::ffff:127.0.0.1", "fd00::5"]) {
      expect(responseBodyVisible(address)).toBe(false);
    }
  });

  it("does not follow redirects", async () => {
    const r = await receiver(() => ({ status: 302, body: "" }));
    expect((await post(r.url)).statusCode).toBe(302);
    expect(r.requests).toHaveLength(1);
  });

  it("gives up after the timeout and says so", async () => {
    const r = await receiver(() => "hang");
    const result = await post(r.url, { timeoutMs: 200 });
    expect(result).toMatchObject({ statusCode: null, error: "Timed out after 200 ms.", responseBodyExcerpt: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    expect(result.durationMs).toBeLessThan(1500);
  });

  it("reports a refused connection", async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    receivers = [];
    expect(await post(url)).toMatchObject({ statusCode: null, error: "Connection refused." });
  });

  it("connects to the vetted address, not to a second resolution of the name (no DNS rebinding)", async () => {
    const r = await receiver();
    const lookups: string[] = [];
    // "rebind.test" does not exist in real DNS: the request can only arrive through our address.
    const result = await post(`http://rebind.test:${r.port}/hooks`, {
      lookup: async (host) => (lookups.push(host), [{ address: "127.0.0.1", family: 4 }]),
    });
    expect(result.statusCode).toBe(200);
    expect(lookups).toEqual(["rebind.test"]);
    expect(r.requests[0].headers.host).toBe(`rebind.test:${r.port}`);
  });
});

describe("send-time SSRF rules in production", () => {
  it.each(["http://127.0.0.1/hook", "http://10.0.0.1/hook", "http://[::1]/hook", "http://169.254.169.254/latest/meta-data"])(
    "refuses %s without connecting",
    async (url) => {
      const result = await post(url, { policy: production });
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/^Refused: .*https/);
    },
  );

  it("refuses https to a name that really resolves to loopback (localhost)", async () => {
    const r = await receiver();
    const result = await post(`https://localhost:${r.port}/hooks`, { policy: production });
    expect(result.error).toMatch(/^Refused: .*localhost/);
    expect(r.requests).toHaveLength(0);
  });

  it.runIf(ownNameIsPrivate)(`refuses https to this machine's name (${ownName}), resolved by the system DNS to a non-public address`, async () => {
    const result = await post(`https://${ownName}/hooks`, { policy: production });
    expect(result.error).toMatch(new RegExp(`^Refused: ${ownName} resolves to a .* address`));
  });

  it("refuses a public-looking name when DNS answers a private address, or a private one among public ones", async () => {
    const r = await receiver();
    const toLoopback = await post(`https://hooks.merchant.example:${r.port}/hooks`, {
      policy: production,
      lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(toLoopback.error).toBe("Refused: hooks.merchant.example resolves to a loopback address; webhooks only go to public addresses.");
    const mixed = await post("https://hooks.merchant.example/hooks", {
      policy: production,
      lookup: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "fd00::5", family: 6 },
      ],
    });
    expect(mixed.error).toMatch(/unique-local/);
    const metadata = await post("https://hooks.merchant.example/hooks", {
      policy: production,
      lookup: async () => [{ address: "::ffff:169.254.169.254", family: 6 }],
    });
    expect(metadata.error).toMatch(/link-local/);
    expect(r.requests).toHaveLength(0);
  });

  it("reports a DNS failure", async () => {
    const result = await post("https://no-such-host.invalid/hook", { policy: production });
    expect(result.error).toMatch(/^Refused: DNS lookup of no-such-host.invalid failed/);
  });

  it("sandbox with WEBHOOK_ALLOW_PRIVATE=false applies the private-address rule but allows http", async () => {
    const r = await receiver();
    const result = await post(r.url, { policy: { requireHttps: false, allowPrivate: false } });
    expect(result.error).toMatch(/loopback/);
    expect(r.requests).toHaveLength(0);
  });
});
