import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { bareHostname, checkWebhookUrl } from "./check-webhook-url";
import { forbiddenAddressReason } from "./forbidden-address";
import type { WebhookUrlPolicy } from "./webhook-config";

/**
 * The send-time half of the SSRF rules: the static check again (policy may have changed since
 * the URL was stored), then DNS resolution of every address of the host. Unless private
 * targets are allowed, one forbidden address refuses the whole host (a name answering both a
 * public and a private address is a rebinding trick). The caller must connect to the returned
 * address, not resolve the name again: a second lookup could answer differently.
 */
export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type VettedTarget = { url: URL; hostname: string; address: string; family: 4 | 6 };

/** `dns`: the name did not resolve (may work later); `policy`: the URL or its addresses are not allowed. */
export class WebhookTargetRefused extends Error {
  constructor(
    message: string,
    readonly kind: "dns" | "policy" = "policy",
  ) {
    super(message);
  }
}

export const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export async function resolveWebhookTarget(raw: string, policy: WebhookUrlPolicy, lookup: LookupAll = systemLookup): Promise<VettedTarget> {
  const check = checkWebhookUrl(raw, policy);
  if (!check.ok) throw new WebhookTargetRefused(check.reason);
  const url = check.url;
  const hostname = bareHostname(url);
  const literal = isIP(hostname);
  if (literal) return { url, hostname, address: hostname, family: literal as 4 | 6 };

  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(hostname);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    throw new WebhookTargetRefused(`DNS lookup of ${hostname} failed (${code}).`, "dns");
  }
  if (addresses.length === 0) throw new WebhookTargetRefused(`DNS lookup of ${hostname} returned no address.`, "dns");
  if (!policy.allowPrivate) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      // The address itself is not echoed: it could map an operator's internal network.
      if (reason) throw new WebhookTargetRefused(`${hostname} resolves to a ${reason} address; webhooks only go to public addresses.`);
    }
  }
  const chosen = addresses[0];
  return { url, hostname, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
