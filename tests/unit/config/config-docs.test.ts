import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VARIABLES } from "@/lib/config";
import { withConfigTable } from "@/lib/config/docs";

const readme = readFileSync(path.resolve(__dirname, "../../../README.md"), "utf8");

describe("README configuration table", () => {
  it("is the one generated from lib/config/variables.ts (run `npm run config:docs`)", () => {
    expect(readme).toBe(withConfigTable(readme));
  });

  it("lists every variable", () => {
    for (const name of Object.keys(VARIABLES)) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});
