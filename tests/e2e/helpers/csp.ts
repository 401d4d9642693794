import type { Page } from "@playwright/test";

/** Every Content-Security-Policy violation the page reports, to assert there are none. */
export function collectCspViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}
