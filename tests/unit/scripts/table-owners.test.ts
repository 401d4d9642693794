import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TABLE_OWNERS, checkTableOwnership, folderOf, modelTables, tablesReached } from "../../../scripts/table-owners.mjs";

/**
 * The table-ownership check of `npm run lint:layers` (scripts/table-owners.mjs): what counts as
 * reaching a table, whose folder a file is, and which reaches are violations. Built here: a tiny
 * tree with a schema and a few files.
 */
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "table-owners-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  for (const dir of ["lib", "app", "inngest", "scripts"]) mkdirSync(path.join(root, dir), { recursive: true });
  return root;
}

const SCHEMA = `
model Payment {
  id String @id
  @@map("payments")
}
model ApiKey {
  id String @id
  @@map("api_keys")
}
`;
const TABLES = { Payment: "payments", ApiKey: "api_keys" };

describe("table ownership", () => {
  it("maps models to tables from the schema's @@map lines", () => {
    const root = tree({ "prisma/schema/x.prisma": SCHEMA });
    expect(modelTables(path.join(root, "prisma/schema"))).toEqual(TABLES);
  });

  it("counts delegate calls and raw SQL naming a table, not comments nor property reads", () => {
    expect([...tablesReached("await tx.payment.findMany({ where: {} })", TABLES)]).toEqual(["payments"]);
    expect([...tablesReached("prisma.apiKey\n  .update({})", TABLES)]).toEqual(["api_keys"]);
    expect([...tablesReached("tx.$queryRaw`SELECT 1 FROM payments p JOIN api_keys k ON true`", TABLES)].sort()).toEqual(["api_keys", "payments"]);
    expect([...tablesReached('sql`UPDATE "payments" SET x = 1`', TABLES)]).toEqual(["payments"]);
    expect([...tablesReached("// UPDATE payments here\n/* FROM api_keys */ const c = checkout.payment.country;", TABLES)]).toEqual([]);
    expect([...tablesReached("fetch('http://x/FROM payments')", TABLES)]).toEqual(["payments"]);
  });

  it("a folder is lib/<name> or the top-level folder", () => {
    expect(folderOf("lib/identity/team/members.ts")).toBe("lib/identity");
    expect(folderOf("lib/errors.ts")).toBe("lib/errors.ts");
    expect(folderOf("app/api/v1/payments/route.ts")).toBe("app");
  });

  it("lists every reach from a folder other than the owner", () => {
    const root = tree({
      "prisma/schema/x.prisma": SCHEMA,
      "lib/payments/get.ts": "prisma.payment.findUnique({})",
      "lib/dashboard/page.ts": "prisma.payment.count({}); prisma.apiKey.findMany({})",
      "lib/merchants/keys.ts": "tx.apiKey.create({})",
      "tests/api/x.test.ts": "prisma.payment.deleteMany({})",
    });
    const result = checkTableOwnership(root);
    expect(result.violations.map((v) => `${v.file} ${v.table}`).sort()).toEqual([
      "lib/dashboard/page.ts api_keys",
      "lib/dashboard/page.ts payments",
    ]);
    expect(result.shared.sort()).toEqual(["api_keys", "payments"]);
    expect(result.problems).toEqual([]);
  });

  it("every table of the real schema has an owner", () => {
    const tables = Object.values(modelTables(path.resolve(__dirname, "../../../prisma/schema")));
    expect(tables.filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
  });
});
