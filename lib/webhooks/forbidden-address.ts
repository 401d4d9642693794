import { isIP, isIPv4 } from "node:net";

/**
 * SSRF guard (docs/design/webhooks.md): which IP addresses a production webhook may not reach. Anything
 * that is not a globally routable unicast address is refused: unspecified, loopback, private
 * (RFC 1918), CGNAT, link-local (incl. cloud metadata 169.254.169.254), IPv6 unique-local and
 * link-local, multicast, documentation and reserved ranges. IPv6 forms that embed an IPv4
 * address (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged
 * by the embedded IPv4 address, so `::ffff:127.0.0.1` cannot sneak past.
 */
type Range = { base: bigint; bits: number; reason: string };

const V4_RANGES: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "CGNAT (shared address space)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved (IETF protocol assignments)"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved (6to4 relay)"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved (benchmarking)"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const V6_RANGES: [string, number, string][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["::", 8, "reserved"], // IPv4-compatible and other legacy forms (IPv4-mapped is handled first)
  ["64:ff9b:1::", 48, "private (local-use NAT64)"],
  ["100::", 64, "reserved (discard)"],
  ["2001::", 32, "reserved (Teredo)"],
  ["2001:db8::", 32, "documentation"],
  ["fc00::", 7, "unique-local"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];

function v4ToBigInt(address: string): bigint {
  return address.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** Parses a valid IPv6 address (zone id stripped) into a 128-bit integer. */
function v6ToBigInt(address: string): bigint {
  let text = address;
  if (text.includes(".")) {
    // Trailing dotted quad (::ffff:1.2.3.4): rewrite it as two hex groups.
    const lastColon = text.lastIndexOf(":");
    const v4 = v4ToBigInt(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const restGroups = rest ? rest.split(":") : [];
  const zeros = rest !== undefined ? new Array(8 - headGroups.length - restGroups.length).fill("0") : [];
  const groups = [...headGroups, ...zeros, ...restGroups];
  if (groups.length !== 8) throw new Error(`Cannot parse IPv6 address ${address}`);
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

const compile = (ranges: [string, number, string][], width: number, parse: (a: string) => bigint): Range[] =>
  ranges.map(([base, bits, reason]) => ({ base: parse(base) >> BigInt(width - bits), bits, reason }));

const V4 = compile(V4_RANGES, 32, v4ToBigInt);
const V6 = compile(V6_RANGES, 128, v6ToBigInt);

function match(value: bigint, width: number, ranges: Range[]): string | null {
  for (const r of ranges) if (value >> BigInt(width - r.bits) === r.base) return r.reason;
  return null;
}

function v4FromBits(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 0xffn)).join(".");
}

/**
 * Why `address` is not a public destination, or null when it is. Throws on a string that is
 * not an IP address.
 */
export function forbiddenAddressReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIPv4(bare)) return match(v4ToBigInt(bare), 32, V4);
  if (isIP(bare) !== 6) throw new Error(`Not an IP address: ${address}`);
  const value = v6ToBigInt(bare);
  const embedded =
    value >> 32n === 0xffffn // ::ffff:a.b.c.d
      ? value & 0xffffffffn
      : value >> 32n === 0x64ff9b0000000000000000n // 64:ff9b::a.b.c.d (NAT64)
        ? value & 0xffffffffn
        : value >> 112n === 0x2002n // 2002:AABB:CCDD::/48 (6to4)
          ? (value >> 80n) & 0xffffffffn
          : null;
  if (embedded !== null) {
    const reason = forbiddenAddressReason(v4FromBits(embedded));
    return reason ? `${reason} (IPv4 embedded in IPv6)` : null;
  }
  return match(value, 128, V6);
}
