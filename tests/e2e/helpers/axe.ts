import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core on the page as it stands, WCAG 2.0/2.1 A and AA rules: any serious or critical
 * violation fails, listed with its rule, help and the elements concerned, so the message alone
 * says what to fix. Minor and moderate ones are not asserted (the bar is serious and critical).
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`).join("\n")}`);
  // Soft: a tour of many pages reports every page that fails, not only the first.
  expect.soft(report, `accessibility of ${label}`).toEqual([]);
}
