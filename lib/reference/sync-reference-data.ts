import { getPrisma } from "@/lib/db/client";
import { invalidateReferenceCache } from "./get-catalogue";
import { missingSeedRows, seedReferenceData } from "./seed-reference-data";
import { seedRows } from "./seed-rows";

/**
 * `ops reference:sync`: brings an existing database's catalogue up to the seed (catalogue-seed.ts)
 * without touching merchants' data (merchant-specific tariffs, payments, balances are never read
 * or written). Start-up seeding only inserts missing rows, so a seed change to a row that already
 * exists (a country's facts, a channel's whole units, a corridor's bounds) never reaches a database
 * seeded before; this does, when asked.
 *
 * - **added**: every row the seed has and the database lacks (seedReferenceData's own rows);
 * - **changed**: fields the seed owns on rows that exist — a country's name, currency, calling
 *   code, number length and `active`; a channel's `wholeUnits` (an operator's rule about amounts);
 *   a corridor's methods, bounds, `isInternational` and `active`. No ops command edits these
 *   (channel:set --whole-units aside, which this undoes: the dry run lists it first);
 * - **kept**: fields that differ from the seed but belong to operators' edits (a channel's bounds,
 *   `active`, priority, display name: `channel:set`), reported and never changed. FX rates,
 *   spreads and tariffs are operators' too: only missing rows are added.
 *
 * Dry run unless `apply`; idempotent (a second apply adds and changes nothing). The updates run
 * in one transaction after the inserts.
 */
export type ReferenceDifference = { table: "countries" | "channels" | "corridors"; id: string; field: string; database: string; seed: string };
export type ReferenceSync = { applied: boolean; added: Record<string, string[]>; changed: ReferenceDifference[]; kept: ReferenceDifference[] };

const COUNTRY_FIELDS = ["name", "currency", "phonePrefix", "nationalNumberLength", "active"] as const;
const CORRIDOR_FIELDS = ["methods", "minAmount", "maxAmount", "isInternational", "active"] as const;
const CHANNEL_SEED_FIELDS = ["wholeUnits"] as const;
const CHANNEL_OPERATOR_FIELDS = ["minAmount", "maxAmount", "active", "priority", "displayName"] as const;

const show = (value: unknown) => (Array.isArray(value) ? value.join(",") : String(value));

function differences<R extends Record<string, unknown>>(table: ReferenceDifference["table"], id: string, database: R, seed: R, fields: readonly (keyof R & string)[]): ReferenceDifference[] {
  return fields.filter((f) => show(database[f]) !== show(seed[f])).map((field) => ({ table, id, field, database: show(database[field]), seed: show(seed[field]) }));
}

export async function syncReferenceData(options: { apply: boolean }): Promise<ReferenceSync> {
  const prisma = await getPrisma();
  const missing = await missingSeedRows(prisma);
  const added: Record<string, string[]> = {
    countries: missing.countries.map((r) => r.code),
    providers: missing.providers.map((r) => r.code),
    channels: missing.channels.map((r) => r.id),
    purposes: missing.purposes.map((r) => r.code),
    corridors: missing.corridors.map((r) => r.id),
    corridorPurposes: missing.corridorPurposes.map((r) => `${r.corridorId}:${r.purposeCode}`),
    fxRates: missing.fxRates.map((r) => `${r.baseCurrency}/${r.quoteCurrency}`),
    fxSpreads: missing.fxSpreads.map((r) => `${r.baseCurrency}/${r.quoteCurrency}`),
    payoutTariffs: missing.payoutTariffs.map((r) => r.id),
    collectTariffs: missing.collectTariffs.map((r) => r.id),
    numberingPlans: missing.numberingPlans.map((r) => r.countryCode),
  };

  const rows = seedRows();
  const changed: ReferenceDifference[] = [];
  const kept: ReferenceDifference[] = [];
  const countries = new Map((await prisma.country.findMany()).map((r) => [r.code, r]));
  for (const seed of rows.countries) {
    const row = countries.get(seed.code);
    if (row) changed.push(...differences("countries", seed.code, row, { ...row, ...seed }, COUNTRY_FIELDS));
  }
  const channels = new Map((await prisma.paymentChannel.findMany()).map((r) => [r.id, r]));
  for (const seed of rows.channels) {
    const row = channels.get(seed.id);
    if (!row) continue;
    changed.push(...differences("channels", seed.id, row, { ...row, ...seed }, CHANNEL_SEED_FIELDS));
    kept.push(...differences("channels", seed.id, row, { ...row, ...seed }, CHANNEL_OPERATOR_FIELDS));
  }
  const corridors = new Map((await prisma.corridor.findMany()).map((r) => [r.id, r]));
  for (const seed of rows.corridors) {
    const row = corridors.get(seed.id);
    if (row) changed.push(...differences("corridors", seed.id, row, { ...row, ...seed }, CORRIDOR_FIELDS));
  }

  if (options.apply) {
    await seedReferenceData(prisma);
    const seedCountry = new Map(rows.countries.map((r) => [r.code, r]));
    const seedChannel = new Map(rows.channels.map((r) => [r.id, r]));
    const seedCorridor = new Map(rows.corridors.map((r) => [r.id, r]));
    const ids = (table: ReferenceDifference["table"]) => [...new Set(changed.filter((c) => c.table === table).map((c) => c.id))];
    await prisma.$transaction(async (tx) => {
      for (const code of ids("countries")) {
        const { name, currency, phonePrefix, nationalNumberLength, active } = seedCountry.get(code)!;
        await tx.country.update({ where: { code }, data: { name, currency, phonePrefix, nationalNumberLength, active } });
      }
      for (const id of ids("channels")) await tx.paymentChannel.update({ where: { id }, data: { wholeUnits: seedChannel.get(id)!.wholeUnits } });
      for (const id of ids("corridors")) {
        const { methods, minAmount, maxAmount, isInternational, active } = seedCorridor.get(id)!;
        await tx.corridor.update({ where: { id }, data: { methods, minAmount, maxAmount, isInternational, active } });
      }
    });
    if (changed.length > 0) invalidateReferenceCache();
  }
  return { applied: options.apply, added, changed, kept };
}
