import { describe, expect, it } from "vitest";
import { MAX_PREPARED_TEXTS, preparedStatementName } from "@/lib/db/prepared-statements";

describe("preparedStatementName", () => {
  it("names a fixed text the same every time, and two texts differently", () => {
    const a = preparedStatementName('SELECT "id" FROM "payments" WHERE "id" = $1');
    expect(a).toMatch(/^s_[\w-]+$/);
    expect(preparedStatementName('SELECT "id" FROM "payments" WHERE "id" = $1')).toBe(a);
    expect(preparedStatementName('SELECT "id" FROM "payouts" WHERE "id" = $1')).not.toBe(a);
  });

  it("never prepares a text whose shape follows the data: a list of parameters, several rows of values", () => {
    expect(preparedStatementName('SELECT 1 FROM "jobs" WHERE "id" IN ($1,$2,$3)')).toBeUndefined();
    expect(preparedStatementName('INSERT INTO "t" ("a","b") VALUES ($1,$2), ($3,$4)')).toBeUndefined();
    // One element, one row: a fixed text.
    expect(preparedStatementName('SELECT 1 FROM "jobs" WHERE "id" IN ($1)')).toBeDefined();
    expect(preparedStatementName('INSERT INTO "t" ("a","b") VALUES ($1,$2)')).toBeDefined();
  });

  it("prepares several rows of values when the caller says their number is fixed (a payout initiate's hold)", () => {
    const text = 'INSERT INTO "u" ("a","b") VALUES ($1,$2), ($3,$4)';
    expect(preparedStatementName(text)).toBeUndefined();
    const name = preparedStatementName(text, { fixedShape: true });
    expect(name).toMatch(/^s_[\w-]+$/);
    expect(preparedStatementName(text, { fixedShape: true })).toBe(name);
    expect(preparedStatementName('INSERT INTO "v" ("a") VALUES ($1), ($2)', { fixedShape: true })).toMatch(/^s_/);
  });

  it("prepares at most MAX_PREPARED_TEXTS distinct texts in a process, and keeps naming those it has", () => {
    const first = preparedStatementName("SELECT $1::int AS kept");
    for (let i = 0; i < MAX_PREPARED_TEXTS + 10; i++) preparedStatementName(`SELECT $1::int AS filler_${i}`);
    expect(preparedStatementName("SELECT $1::int AS one_too_many")).toBeUndefined();
    expect(preparedStatementName("SELECT $1::int AS kept")).toBe(first);
  });
});
