import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pageMeta, paginationQuery, toPage } from "@/lib/http/pagination";

const schema = z.object(paginationQuery);

describe("pagination", () => {
  it("defaults to page 1 and 20 items", () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 20 });
  });
  it("clamps limit above 100 to 100", () => {
    expect(schema.parse({ limit: "500", page: "3" })).toEqual({ page: 3, limit: 100 });
  });
  it.each([["0"], ["-1"], ["abc"], ["1.5"], [""]])("rejects page=%s", (page) => {
    expect(schema.safeParse({ page }).success).toBe(false);
  });
  it("computes skip and meta", () => {
    const page = toPage({ page: 3, limit: 20 });
    expect(page.skip).toBe(40);
    expect(pageMeta(41, page)).toEqual({ total: 41, page: 3, limit: 20, totalPages: 3 });
    expect(pageMeta(0, toPage({ page: 1, limit: 20 }))).toEqual({ total: 0, page: 1, limit: 20, totalPages: 0 });
  });
});
