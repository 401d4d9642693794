import { applySpread, currencyExponent, invertRate, minorToDecimalString, type CurrencyCode } from "@/lib/money";
import { getCatalogue } from "@/lib/reference/get-catalogue";
import { fxRateFrom } from "@/lib/reference/get-fx-rate";
import { seedReferenceData } from "@/lib/reference/seed-reference-data";
import { setChannel } from "@/lib/reference/set-channel";
import { removeNumberingPrefix, setNumberingPlan, setNumberingPrefix } from "@/lib/reference/set-numbering";
import { setFxRate } from "@/lib/reference/set-fx-rate";
import { syncReferenceData, type ReferenceDifference } from "@/lib/reference/sync-reference-data";
import { setCollectTariff, setPayoutTariff } from "@/lib/reference/set-tariff";
import { findMerchantRow } from "@/lib/merchants/merchant-records";
import { optionalFlag, OpsUsageError, requireFlag, type OpsArgs, type OpsCommand } from "./command";
import { listChannelRows } from "@/lib/reference/list-channels";

/**
 * Operator commands on the reference catalogue (FX rates, channels, tariffs). Each makes sure
 * the seed is present first, so they work on a database the server never opened. Changes are
 * seen at once by this process and within REFERENCE_CACHE_TTL_SECONDS (30 s) by running servers.
 */
function booleanFlag(args: OpsArgs, name: string): boolean | undefined {
  const value = args.flags[name];
  if (value === undefined) return undefined;
  if (value === true || value === "true") return true;
  if (value === "false") return false;
  throw new OpsUsageError(`--${name} must be true or false`);
}

function integerFlag(args: OpsArgs, name: string): number | undefined {
  const value = optionalFlag(args, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new OpsUsageError(`--${name} must be a non-negative integer`);
  return Number(value);
}

const pad = (text: string, width: number) => text.padEnd(width);

export const fxSet: OpsCommand = {
  name: "fx:set",
  summary: "Set the mid rate of a currency pair (1 FROM = RATE TO), optionally its own spread in %",
  usage: "fx:set --from XOF --to USD --rate 0.00165 [--spread 1.5]",
  async run(args, out) {
    await seedReferenceData();
    const result = await setFxRate({
      from: requireFlag(args, "from"),
      to: requireFlag(args, "to"),
      midRate: requireFlag(args, "rate"),
      spreadPercent: optionalFlag(args, "spread"),
      by: "ops",
    });
    const { from, to, fx } = result;
    out(`${from}→${to} mid rate set to ${result.midRate} (was ${result.previousMidRate ?? "not available"}).`);
    out(`  spread ${fx.spreadPercent} %: converting the merchant's ${from} gives ${fx.rate} ${to} per ${from};`);
    out(`  pricing what the merchant pays: ${applySpread(result.midRate, fx.spreadPercent, "against-merchant-paying")}.`);
    out(`  ${to}→${from} now derives as ${invertRate(result.midRate)} (mid).`);
  },
};

export const fxList: OpsCommand = {
  name: "fx:list",
  summary: "List stored FX mid rates and spreads; --all adds the effective rate of every pair in use",
  usage: "fx:list [--all] [--json]",
  async run(args, out) {
    await seedReferenceData();
    const catalogue = await getCatalogue();
    const rates = [...catalogue.fxRates.entries()].map(([pair, r]) => ({ pair, ...r }));
    const spreads = [...catalogue.fxSpreads.entries()].map(([pair, s]) => ({ pair, ...s }));
    if (args.flags.json) return void out(JSON.stringify({ rates, spreads }, null, 2));
    out("Mid rates (1 BASE = RATE QUOTE):");
    for (const r of rates.sort((a, b) => a.pair.localeCompare(b.pair))) {
      out(`  ${pad(r.pair.replace("/", "→"), 10)} ${pad(r.midRate, 22)} by ${r.updatedBy} at ${r.updatedAt.toISOString()}`);
    }
    out("Spreads:");
    for (const s of spreads) {
      const label = s.pair === "*|*" ? "default" : s.pair.replace("|", "↔");
      out(`  ${pad(label, 10)} ${s.parity ? "parity: rate 1, no spread" : `${s.spreadPercent} %`}`);
    }
    if (!args.flags.all) return;
    const used = [...new Set(catalogue.channels.map((c) => c.currency).concat(catalogue.corridors.map((c) => c.destinationCurrency)))].sort();
    out("Effective rates (mid → rate converting the merchant's money):");
    for (const from of used) {
      for (const to of used) {
        if (from === to) continue;
        try {
          const fx = fxRateFrom(catalogue, from, to);
          out(`  ${from}→${to}  mid ${pad(fx.midRate, 28)} rate ${fx.rate}${fx.parity ? " (parity)" : ""}`);
        } catch (err) {
          out(`  ${from}→${to}  unavailable: ${(err as Error).message}`);
        }
      }
    }
  },
};

export const channelSet: OpsCommand = {
  name: "channel:set",
  summary: "Create or edit a payment channel: bounds in major units, availability, priority (1 first), whole units only",
  usage:
    "channel:set --provider <code> --country <CC> --currency <CUR> --direction collect|payout [--min 100] [--max 1000000] [--active true|false] [--priority 20] [--name <display name>] [--whole-units true|false]",
  async run(args, out) {
    await seedReferenceData();
    const { channel, created } = await setChannel({
      provider: requireFlag(args, "provider"),
      country: requireFlag(args, "country"),
      currency: requireFlag(args, "currency"),
      direction: requireFlag(args, "direction"),
      min: optionalFlag(args, "min"),
      max: optionalFlag(args, "max"),
      active: booleanFlag(args, "active"),
      priority: integerFlag(args, "priority"),
      displayName: optionalFlag(args, "name"),
      wholeUnits: booleanFlag(args, "whole-units"),
    });
    out(`${created ? "Created" : "Updated"} channel ${channel.id}:`);
    out(`  ${describeChannel(channel)}`);
  },
};

export const channelList: OpsCommand = {
  name: "channel:list",
  summary: "List payment channels, optionally for one country, provider or direction",
  usage: "channel:list [--country <CC>] [--provider <code>] [--direction collect|payout]",
  async run(args, out) {
    await seedReferenceData();
    const country = optionalFlag(args, "country")?.toUpperCase();
    const provider = optionalFlag(args, "provider")?.toLowerCase();
    const direction = optionalFlag(args, "direction");
    const rows = await listChannelRows({ country, provider, direction: direction ? (direction as "collect" | "payout") : undefined });
    for (const row of rows) out(`${pad(row.id, 32)} ${describeChannel(row)}`);
    out(`${rows.length} channel(s)`);
  },
};

function describeChannel(c: {
  displayName: string;
  countryCode: string;
  currency: string;
  direction: string;
  minAmount: bigint;
  maxAmount: bigint;
  priority: number;
  active: boolean;
  wholeUnits: boolean;
}): string {
  const cur = c.currency as CurrencyCode;
  const bounds = `${minorToDecimalString(c.minAmount, cur)} – ${minorToDecimalString(c.maxAmount, cur)} ${cur}`;
  // Said only where it changes something: a currency with cents whose operator takes none.
  const whole = c.wholeUnits && currencyExponent(cur) > 0 ? ", whole units only" : "";
  return `${c.displayName}, ${c.countryCode} ${c.direction}, ${bounds}, priority ${c.priority}, ${c.active ? "active" : "INACTIVE"}${whole}`;
}

export const tariffList: OpsCommand = {
  name: "tariff:list",
  summary: "List payout fee tariffs (XOF) and collect fee tariffs (%), defaults and merchant overrides",
  usage: "tariff:list [--merchant <id>] [--json]",
  async run(args, out) {
    await seedReferenceData();
    const merchant = optionalFlag(args, "merchant");
    const catalogue = await getCatalogue();
    const keep = (t: { merchantId: string | null }) => t.merchantId === null || merchant === undefined || t.merchantId === merchant;
    const payout = catalogue.payoutTariffs.filter(keep).sort((a, b) => a.id.localeCompare(b.id));
    const collect = catalogue.collectTariffs.filter(keep).sort((a, b) => a.id.localeCompare(b.id));
    if (args.flags.json) {
      const json = JSON.stringify({ payout, collect }, (_, v) => (typeof v === "bigint" ? v.toString() : v), 2);
      return void out(json);
    }
    out("Payout fees, XOF: max(percent of amount, minimum) + flat, rounded half-up");
    for (const t of payout) {
      const owner = t.merchantId ?? "default";
      out(`  ${pad(owner, 32)} ${pad(t.method, 14)} ${t.type} ${pad(t.scope, 13)} ${pad(`${t.percent} %`, 9)} min ${pad(String(t.minimumXof), 7)} flat ${t.flatXof}`);
    }
    out("Collect fees, percent of the collected amount, rounded half-up");
    for (const t of collect) out(`  ${pad(t.merchantId ?? "default", 32)} ${pad(t.providerCode, 14)} ${t.percent} %`);
  },
};

export const tariffSetPayout: OpsCommand = {
  name: "tariff:set-payout",
  summary: "Set a payout fee tariff in XOF (default, or a merchant's override with --merchant)",
  usage:
    "tariff:set-payout --method mobile_money|<provider code> --type c2c|b2b --scope domestic|international --percent 1 [--minimum 100] [--flat 0] [--merchant <id>]",
  async run(args, out) {
    await seedReferenceData();
    const t = await setPayoutTariff({
      merchantId: optionalFlag(args, "merchant"),
      method: requireFlag(args, "method"),
      type: requireFlag(args, "type"),
      scope: requireFlag(args, "scope"),
      percent: requireFlag(args, "percent"),
      minimumXof: optionalFlag(args, "minimum"),
      flatXof: optionalFlag(args, "flat"),
    }, findMerchantRow);
    out(`Payout tariff ${t.id}: ${t.percent.toFixed()} %, minimum ${t.minimumXof} XOF, flat ${t.flatXof} XOF`);
  },
};

export const tariffSetCollect: OpsCommand = {
  name: "tariff:set-collect",
  summary: "Set a collect fee percentage for a provider (default, or a merchant's override with --merchant)",
  usage: "tariff:set-collect --provider <code> --percent 1.5 [--merchant <id>]",
  async run(args, out) {
    await seedReferenceData();
    const t = await setCollectTariff({ merchantId: optionalFlag(args, "merchant"), provider: requireFlag(args, "provider"), percent: requireFlag(args, "percent") }, findMerchantRow);
    out(`Collect tariff ${t.id}: ${t.percent.toFixed()} %`);
  },
};

export const numberingList: OpsCommand = {
  name: "numbering:list",
  summary: "List the mobile numbering plans (prefix → operator → provider), their source and confidence",
  usage: "numbering:list [--country <CC>] [--json]",
  async run(args, out) {
    await seedReferenceData();
    const only = optionalFlag(args, "country")?.toUpperCase();
    const catalogue = await getCatalogue();
    const plans = [...catalogue.numberingPlans.values()].filter((p) => !only || p.countryCode === only);
    if (only && plans.length === 0) throw new OpsUsageError(`${only} has no numbering plan`);
    if (args.flags.json) return void out(JSON.stringify(plans, null, 2));
    for (const plan of plans) {
      const country = catalogue.countryByCode.get(plan.countryCode)!;
      out(`${country.code} ${country.name} (${country.phonePrefix}, ${country.nationalNumberLength} digits${plan.trunkPrefix ? `, trunk ${plan.trunkPrefix}` : ""}) confidence ${plan.confidence}${plan.portability ? ", number portability" : ""}`);
      out(`  source: ${plan.source}`);
      const byPrefix = [...plan.prefixes].sort((a, b) => a.prefix.localeCompare(b.prefix));
      for (const p of byPrefix) out(`  ${pad(p.prefix, 6)} ${pad(p.operatorName, 28)} ${p.providerCode ?? "-"}`);
    }
  },
};

export const numberingSet: OpsCommand = {
  name: "numbering:set",
  summary: "Give a national-number prefix to an operator (with its provider code if we serve it)",
  usage: 'numbering:set --country <CC> --prefix 77 --operator "Orange" [--provider orange]',
  async run(args, out) {
    await seedReferenceData();
    const { row, previous } = await setNumberingPrefix({
      country: requireFlag(args, "country"),
      prefix: requireFlag(args, "prefix"),
      operator: requireFlag(args, "operator"),
      provider: optionalFlag(args, "provider"),
    });
    const was = previous ? ` (was ${previous.operatorName}, ${previous.providerCode ?? "no provider"})` : " (new)";
    out(`${row.countryCode} ${row.prefix}… → ${row.operatorName}, ${row.providerCode ?? "no provider"}${was}.`);
  },
};

export const numberingRemove: OpsCommand = {
  name: "numbering:remove",
  summary: "Remove a prefix from a country's plan (its numbers then have no known operator)",
  usage: "numbering:remove --country <CC> --prefix 77",
  async run(args, out) {
    await seedReferenceData();
    const { country, prefix } = await removeNumberingPrefix({ country: requireFlag(args, "country"), prefix: requireFlag(args, "prefix") });
    out(`${country} ${prefix}… removed; restarts do not bring it back (a plan is seeded only once).`);
  },
};

export const numberingPlan: OpsCommand = {
  name: "numbering:plan",
  summary: "Create or edit a country's numbering plan: trunk prefix, source, confidence, number portability",
  usage: 'numbering:plan --country <CC> [--trunk 0|none] [--source "ARTP notice 2026-04"] [--confidence high|medium|low] [--portability yes|no]',
  async run(args, out) {
    await seedReferenceData();
    const trunk = optionalFlag(args, "trunk");
    const portability = optionalFlag(args, "portability");
    if (portability !== undefined && portability !== "yes" && portability !== "no") throw new OpsUsageError("--portability must be yes or no.");
    const plan = await setNumberingPlan({
      country: requireFlag(args, "country"),
      trunkPrefix: trunk === undefined ? undefined : trunk === "none" ? null : trunk,
      source: optionalFlag(args, "source"),
      confidence: optionalFlag(args, "confidence"),
      portability: portability === undefined ? undefined : portability === "yes",
    });
    out(`${plan.countryCode} plan: trunk ${plan.trunkPrefix ?? "none"}, confidence ${plan.confidence}, portability ${plan.portability ? "yes" : "no"}, source: ${plan.source}`);
  },
};

/** At most this many keys per table are printed; the count is always given. */
const SHOWN = 12;
const difference = (d: ReferenceDifference) => `${d.table} ${d.id} ${d.field}: ${d.database} → ${d.seed}`;

export const referenceSync: OpsCommand = {
  name: "reference:sync",
  summary: "Bring the reference catalogue (countries, channels, corridors, whole units) up to the seed; dry run unless --apply",
  usage: "reference:sync [--apply]",
  async run(args, out) {
    const apply = booleanFlag(args, "apply") ?? false;
    const sync = await syncReferenceData({ apply });
    out(apply ? "reference:sync: applied." : "reference:sync: dry run, nothing written (--apply to write).");
    let adds = 0;
    for (const [table, keys] of Object.entries(sync.added)) {
      if (keys.length === 0) continue;
      adds += keys.length;
      const more = keys.length > SHOWN ? `, … and ${keys.length - SHOWN} more` : "";
      out(`  ${apply ? "added" : "would add"} ${keys.length} ${table}: ${keys.slice(0, SHOWN).join(", ")}${more}`);
    }
    for (const d of sync.changed) out(`  ${apply ? "changed" : "would change"} ${difference(d)}`);
    for (const d of sync.kept) out(`  kept ${d.table} ${d.id} ${d.field}: ${d.database} (seed ${d.seed}; an operator's edit, channel:set changes it)`);
    out(`${adds} row(s) ${apply ? "added" : "to add"}, ${sync.changed.length} field(s) ${apply ? "changed" : "to change"}, ${sync.kept.length} operator edit(s) kept.`);
  },
};

export const referenceCommands: OpsCommand[] = [
  referenceSync,
  fxSet,
  fxList,
  channelSet,
  channelList,
  tariffList,
  tariffSetPayout,
  tariffSetCollect,
  numberingList,
  numberingSet,
  numberingRemove,
  numberingPlan,
];
