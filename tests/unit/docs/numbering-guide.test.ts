import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NumberingGuide } from "@/app/docs/numbering-guide";
import { SEED_NUMBERING_PLANS } from "@/lib/reference/numbering-seed";

describe("/docs numbering plans section", () => {
  it("renders every seeded plan with its source and confidence, and the rules of the prediction", () => {
    const html = renderToStaticMarkup(createElement(NumberingGuide));
    expect(html).toContain('id="numbering-plans"');
    expect(html).toContain('href="/docs/reference#predictProvider"');
    for (const plan of SEED_NUMBERING_PLANS) {
      expect(html).toContain(`id="numbering-${plan.country.toLowerCase()}"`);
      expect(html).toContain(`confidence ${plan.confidence}`);
    }
    expect(html).toMatch(/Côte d&#x27;Ivoire \(CI, \+225, 10 digits\)/);
    expect(html).toContain("<b>MTN</b> <code>mtn</code> <span");
    expect(html).toMatch(/Chad \(TD, \+235, 8 digits\) — ?confidence low/);
    expect(html).toContain("This number belongs to MTN, not Orange.");
    expect(html).toMatch(/Kenya \(KE, \+254, 9 digits, trunk 0, number portability\) — ?confidence medium/);
    expect(html).toMatch(/Uganda \(UG, \+256, 9 digits, trunk 0\) — ?confidence medium/);
    expect(html).toContain("<b>Yas (ex-Tigo)</b> <code>mixx</code>");
    expect(html).toContain("(BJ, CM, KE, GH)");
  });
});
