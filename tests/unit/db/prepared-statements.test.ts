import { describe, expect, it } from "vitest";
import { MAX_PREPARED_TEXTS, preparedStatementName } from "@/lib/db/prepared-statements";

describe("preparedStatementName", () => {
  it("names a fixed text the same every time, and two texts differently", () => {
    const a = preparedStatementName('SELECT "id" FROM "payments" WHERE "id" = $1');
    expect(a).toMatch(/^s_[\w-]+$/);
    expect(preparedStatementName('SELECT "id" FROM "payments" WHERE "id" = $1')).toBe(a);
    expect(preparedStatementName('SELECT "id" FROM "payouts" WHERE "id" = $1')).not.toBe(a);
  });

  it("never prepares a text of Prisma's whose shape follows the data: a list of parameters, several rows of values", () => {
    const prisma = { shapeMayVary: true };
    expect(preparedStatementName('SELECT 1 FROM "jobs" WHERE "id" IN ($1,$2,$3)', prisma)).toBeUndefined();
    expect(preparedStatementName('INSERT INTO "t" ("a","b") VALUES ($1,$2), ($3,$4)', prisma)).toBeUndefined();
    // One element, one row: a fixed text.
    expect(preparedStatementName('SELECT 1 FROM "jobs" WHERE "id" IN ($1)', prisma)).toBeDefined();
    expect(preparedStatementName('INSERT INTO "t" ("a","b") VALUES ($1,$2)', prisma)).toBeDefined();
  });

  it("prepares our builders' texts whatever their rows (a payout initiate's hold: two accounts, two postings)", () => {
    const text = 'INSERT INTO "u" ("a","b") VALUES ($1,$2), ($3,$4)';
    const name = preparedStatementName(text);
    expect(name).toMatch(/^s_[\w-]+$/);
    expect(preparedStatementName(text)).toBe(name);
  });

  it("prepares at most MAX_PREPARED_TEXTS distinct texts in a process, and keeps naming those it has", () => {
    const first = preparedStatementName("SELECT $1::int AS kept");
    for (let i = 0; i < MAX_PREPARED_TEXTS + 10; i++) preparedStatementName(`SELECT $1::int AS filler_${i}`);
    expect(preparedStatementName("SELECT $1::int AS one_too_many")).toBeUndefined();
    expect(preparedStatementName("SELECT $1::int AS kept")).toBe(first);
  });
});
