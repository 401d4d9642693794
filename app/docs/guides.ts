/**
 * The guides of /docs, in the order the nav lists them: each is a <section id> whose <h2> is its
 * title, so the nav link and the heading say the same thing (tests/e2e/docs.spec.ts checks both).
 */
export const GUIDES = [
  { id: "quickstart", title: "Quickstart: a sandbox payment in 5 minutes" },
  { id: "authentication", title: "Authentication and environments" },
  { id: "idempotency", title: "Idempotency" },
  { id: "errors", title: "Errors" },
  { id: "lifecycles", title: "Payment, payout and refund states" },
  { id: "webhooks", title: "Webhooks" },
  { id: "sandbox", title: "Sandbox test numbers" },
  { id: "payment-links", title: "Payment links (no code)" },
  { id: "quotes", title: "Quotes and FX" },
  { id: "rate-limits", title: "Rate limits" },
  { id: "sdk", title: "TypeScript SDK" },
  { id: "spec-quirks", title: "The spec's quirks and how the SDK evens them out" },
  { id: "connectors", title: "Connectors (operators)" },
  { id: "numbering-plans", title: "Predicting the provider from a phone number" },
  { id: "changelog", title: "Changelog and versioning" },
] as const;

export type GuideId = (typeof GUIDES)[number]["id"];

export const guideTitle = (id: GuideId) => GUIDES.find((g) => g.id === id)!.title;
