import { getPrisma } from "@/lib/db/client";

/**
 * Rows as stable JSON, to pin in a snapshot every row a write path produces, column by column
 * (the collect and payout initiate row tests). Each query selects `row_to_json(…)::text
 * AS j`, with $1 the merchant and $2 the key of the write. What differs from run to run is
 * replaced: serial columns (`seq`, and `id` in the tables named by `dropId`) are dropped, the
 * merchant becomes <merchant>, ids of the given prefixes become tokens in order of appearance
 * (<po1>, <evt1>…), timestamps <time>; `replace` adds the path's own (references, tokens…).
 */
export async function rowsSnapshot(
  merchantId: string,
  key: string,
  queries: Record<string, string>,
  options: { idPrefixes: string[]; dropId?: string[]; replace?: [RegExp, string][] },
): Promise<string> {
  const prisma = await getPrisma();
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const [table, sql] of Object.entries(queries)) {
    tables[table] = (await prisma.$queryRawUnsafe<{ j: string }[]>(sql, merchantId, key)).map((r) => JSON.parse(r.j));
    for (const row of tables[table]) {
      delete row.seq;
      if (options.dropId?.includes(table)) delete row.id;
    }
  }
  const tokens = new Map<string, string>();
  const ids = new RegExp(String.raw`\b(${options.idPrefixes.join("|")})_[A-Za-z0-9]+`, "g");
  let json = JSON.stringify(tables, null, 1)
    .replaceAll(merchantId, "<merchant>")
    .replace(ids, (id, prefix: string) => {
      if (!tokens.has(id)) tokens.set(id, `<${prefix}${[...tokens.values()].filter((t) => t.startsWith(`<${prefix}`)).length + 1}>`);
      return tokens.get(id)!;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g, "<time>");
  for (const [pattern, token] of options.replace ?? []) json = json.replace(pattern, token);
  return json;
}
