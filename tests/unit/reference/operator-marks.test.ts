import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrastWithWhite } from "@/lib/branding";
import { SEED_PROVIDERS } from "@/lib/reference/catalogue-seed";
import { operatorBadgeSvg } from "@/lib/reference/operator-badge";
import { badgePath, officialMarks, operatorMarkPath } from "@/lib/reference/operator-mark-path";

/** The providers' marks: SVG badges generated from the catalogue, and the slot for official files. */
describe("operator badges", () => {
  it.each(SEED_PROVIDERS.map((p) => [p.code, p] as const))("public/logos/%s.svg is the badge drawn from the catalogue (npm run marks)", (code, provider) => {
    const file = readFileSync(path.join("public", "logos", `${code}.svg`), "utf8");
    expect(file).toBe(operatorBadgeSvg(provider));
    expect(file).toContain(`fill="${provider.color.toUpperCase()}"`);
    expect(file).toContain(`<title>${provider.name}</title>`);
    // Drawn, not typeset (an SVG in an <img> gets no fonts), and nothing active.
    expect(file).not.toMatch(/<text|<script|<foreignObject|href=|on[a-z]+=/i);
  });

  it("writes on each colour in an ink that stands out, and rims the colours the white page would swallow", () => {
    for (const provider of SEED_PROVIDERS) {
      const svg = operatorBadgeSvg(provider);
      const ink = /stroke="(#[0-9A-F]{6})" stroke-width="[\d.]+" stroke-linecap/.exec(svg)?.[1] ?? /<g fill="(#[0-9A-F]{6})"/.exec(svg)?.[1];
      const colourOnWhite = contrastWithWhite(provider.color);
      expect(ink, provider.code).toBe(colourOnWhite >= 3 ? "#FFFFFF" : "#14171F");
      expect(svg.includes('stroke-width="2"/>'), provider.code).toBe(colourOnWhite < 3);
    }
  });
});

describe("the official logo slot", () => {
  it("finds files in public/operators by provider code, preferring SVG, ignoring anything else", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "marks-"));
    for (const name of ["mtn.png", "mtn.svg", "wave.webp", "README.md", "../x.svg", "Orange.SVG", "moov.gif"]) {
      if (!name.includes("/")) writeFileSync(path.join(dir, name), "x");
    }
    mkdirSync(path.join(dir, "nested.svg"));
    const found = officialMarks(dir);
    expect(Object.fromEntries(found)).toEqual({ mtn: "/operators/mtn.svg", wave: "/operators/wave.webp" });
    expect(officialMarks(path.join(dir, "missing"))).toEqual(new Map());
  });

  it("an official file replaces the badge, never a logo path set on purpose", () => {
    const official = new Map([["mtn", "/operators/mtn.svg"]]);
    expect(operatorMarkPath("mtn", badgePath("mtn"), official)).toBe("/operators/mtn.svg");
    expect(operatorMarkPath("mtn", null, official)).toBe("/operators/mtn.svg");
    expect(operatorMarkPath("mtn", "/logos/custom-mtn.png", official)).toBe("/logos/custom-mtn.png");
    expect(operatorMarkPath("wave", badgePath("wave"), official)).toBe("/logos/wave.svg");
  });

  it("ships no official file (none could be fetched here): every provider shows its badge", () => {
    expect(officialMarks().size).toBe(0);
  });
});
