import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@/lib/audit/list-audit";
import { messages } from "@/lib/dashboard/i18n";
import { AUDIT_SENTENCE_ACTIONS, auditActionLabel, auditAreaLabel, auditSentence } from "@/lib/dashboard/i18n-audit";
import { brandingMessages } from "@/lib/dashboard/i18n-branding";
import { countryName, eventLabel, failureLabel, methodLabel, operationLabel, payoutTypeLabel, providerLabel, purposeLabel, timelineNote } from "@/lib/dashboard/i18n-labels";
import { listMessages } from "@/lib/dashboard/i18n-lists";
import { moneyMessages } from "@/lib/dashboard/i18n-money";
import { onboardingMessages } from "@/lib/dashboard/i18n-onboarding";
import { paymentLinkMessages } from "@/lib/dashboard/i18n-payment-links";
import { requestLogMessages } from "@/lib/dashboard/i18n-request-log";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { PAYMENT_STATUSES } from "@/lib/dashboard/payments";
import { PAYOUT_STATUSES } from "@/lib/dashboard/payouts";
import { SEED_COUNTRIES, SEED_PURPOSES } from "@/lib/reference/catalogue-seed";
import { PROVIDER_CODES } from "@/lib/reference/provider-codes";
import { WEBHOOK_EVENT_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";

/**
 * The dashboard in French, checked statically (cheaper than a browser walk, and it sees every
 * branch of every page, not only the states a tour reaches):
 * 1. every page and component writes no word of its own: JSX text and the attributes people read
 *    (aria-label, placeholder, title, alt) come from the message catalogue;
 * 2. every catalogue has the same keys in both languages, and a French value is not the English
 *    one left untranslated;
 * 3. every code the platform stores (statuses, operators, purposes, countries, webhook events,
 *    failure codes, audit actions, status-change notes) has words in French.
 * The browser tour (tests/e2e/a11y.spec.ts) adds the rendered check in French at 375 px.
 */
const ROOT = path.resolve(__dirname, "../../..");
const DIRS = ["app/(dashboard)", "app/_dashboard", "app/(auth)"];

/** Words a French page may show as they are: names, units, symbols, words the same in both languages. */
const SAME_IN_BOTH = new Set(
  [
    "URL", "OK", "SANDBOX", "LIVE", "Payments", "FR", "EN", "ms", "h", "min", "Webhooks", "Transaction", "Date", "Type", "Description", "Services",
    "Crypto", "Finance", "Total", "Page", "Menu", "SWIFT/BIC", "Pagination", "Dashboard", "Documentation", "Code", "Action", "Actions", "Statut",
    "Direction", "Notification", "Message", "Source", "Support", "Orange Money", "Wave", "E-mail", "Email", "ID", "Live", "Sandbox", "Slug", "QR",
    "WhatsApp", "SMS", "CSV", "API", "HTTP", "2FA", "TOTP", "Transactions", "Production", "Plan", "UTC", "XOF", "XAF",
  ].map((w) => w.toLowerCase()),
);

/** A URL, a path, an id's shape (https://, /pay/, req_…): code, the same in both languages. */
const isCode = (text: string) => /^\s*[\w/:.…-]*\s*$/.test(text) && /[/_:…]/.test(text);

function files(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...files(full));
    else if (full.endsWith(".tsx")) out.push(full);
  }
  return out;
}

/** The words a person reads that a file writes itself, with their line. */
function hardCodedText(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const readable = (text: string) => {
    if (isCode(text)) return [];
    const words = text.match(/[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]+/g) ?? [];
    return words.filter((w) => !SAME_IN_BOTH.has(w.toLowerCase()));
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && readable(node.getText()).length > 0) found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} "${node.getText().trim()}"`);
    if (ts.isJsxAttribute(node) && ["aria-label", "placeholder", "title", "alt"].includes(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (readable(node.initializer.text).length > 0) found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText()}`);
    }
    // Words handed to a component in an attribute's object: labels={{ details: "Details" }}.
    if (ts.isStringLiteral(node) && ts.isPropertyAssignment(node.parent) && node.parent.initializer === node && insideJsxAttribute(node) && readable(node.text).length > 0) {
      found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.parent.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  const insideJsxAttribute = (node: ts.Node): boolean => {
    for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
      if (ts.isJsxAttribute(n)) return true;
      if (ts.isFunctionLike(n) || ts.isSourceFile(n)) return false;
    }
    return false;
  };
  visit(source);
  return found;
}

/** Every string of a catalogue by its key path (functions called with a sample, to compare their text). */
function leaves(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") out.set(prefix, value);
  else if (typeof value === "function") out.set(prefix, String((value as (...a: string[]) => unknown)("X", "Y")));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) for (const [p, s] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  return out;
}

const CATALOGUES = {
  messages,
  teamMessages,
  brandingMessages,
  listMessages,
  moneyMessages,
  onboardingMessages,
  paymentLinkMessages,
  requestLogMessages,
};

describe("the dashboard in French", () => {
  it("pages and components write no words of their own: everything people read comes from the catalogue", () => {
    const found = DIRS.flatMap((dir) => files(path.join(ROOT, dir))).flatMap(hardCodedText);
    expect(found).toEqual([]);
  });

  it("every catalogue has the same keys in both languages, and no French value is the English one left as it was", () => {
    for (const [name, catalogue] of Object.entries(CATALOGUES)) {
      const en = leaves(catalogue("en"));
      const fr = leaves(catalogue("fr"));
      // French may say more (a catalogue whose English comes from elsewhere), never less.
      expect([...en.keys()].filter((key) => !fr.has(key)), name).toEqual([]);
      const untranslated = [...en].filter(([key, text]) => {
        const words = isCode(text) ? [] : (text.match(/[A-Za-z][A-Za-z'’-]+/g) ?? []).filter((w) => !SAME_IN_BOTH.has(w.toLowerCase()));
        return words.length > 0 && fr.get(key) === text;
      });
      expect(untranslated.map(([key]) => `${name}.${key}`)).toEqual([]);
    }
  });

  it("every stored code has French words: statuses, operators, purposes, countries, events, failures, calls, audit actions, timeline notes", () => {
    const m = messages("fr");
    for (const s of [...PAYMENT_STATUSES, ...PAYOUT_STATUSES, ...WEBHOOK_EVENT_STATUSES]) expect(m.status[s], s).toBeTruthy();
    for (const code of PROVIDER_CODES) expect(providerLabel(code, "fr")).not.toMatch(/_/);
    expect(providerLabel("bank_transfer", "fr")).toBe("Virement bancaire");
    for (const p of SEED_PURPOSES) expect(purposeLabel(p.code, "fr"), p.code).not.toBe(p.label === "Services" ? "" : p.label);
    for (const c of SEED_COUNTRIES) expect(countryName(c.code, "fr"), c.code).not.toBe(c.code);
    expect(countryName("SN", "fr")).toBe("Sénégal");
    for (const type of WEBHOOK_EVENT_TYPES) expect(eventLabel(type, "fr"), type).not.toBe(type);
    for (const code of ["mobile_money", "bank_transfer"]) expect(methodLabel(code, "fr")).not.toMatch(/_/);
    expect(payoutTypeLabel("c2c", "fr")).toBe("Vers un particulier");
    for (const code of ["insufficient_funds", "user_cancelled", "timeout", "provider_error", "invalid_phone", "invalid_recipient", "insufficient_balance", "limit_exceeded", "account_blocked"]) {
      expect(failureLabel(code, "fr"), code).not.toBe(failureLabel("something_new", "fr"));
    }
    for (const op of ["collect", "collect.status", "payout", "payout.status", "refund", "refund.status", "token"]) expect(operationLabel(op, "fr"), op).not.toBe(op);
    // Every action the audit filter offers has a sentence and a label; the sentence never shows JSON.
    // Actions written outside the filter's list have their sentence too.
    for (const action of ["order.resolved", "order.cancel_held_requested", "reconciliation.resolved", "payment_link.created", "payment_link.deactivated"]) expect(AUDIT_SENTENCE_ACTIONS, action).toContain(action);
    for (const [area, actions] of Object.entries(AUDIT_ACTIONS)) {
      expect(auditAreaLabel(area, "fr")).not.toMatch(/_|\.$/);
      for (const action of actions) {
        expect(AUDIT_SENTENCE_ACTIONS, action).toContain(action);
        expect(auditActionLabel(action, "fr"), action).not.toMatch(/_/);
        expect(auditSentence(action, { email: "awa@boutique.sn", amount: "2000", currency: "XOF", role: "finance" }, "fr")).not.toMatch(/[{}"]|undefined/);
      }
    }
    expect(auditSentence("refund.created", { refundId: "rf_1", paymentId: "txn_1", amount: "2000", currency: "XOF" }, "fr")).toMatch(/^A remboursé 2.000.XOF sur le paiement txn_1\.$/);
    // Status-change notes the code writes, in French; an unknown note is not shown in French.
    const notes = ["initiated", "initiated with qt_1", "initiated in bulk pb_1", "provider answered", "provider callback: insufficient_funds", "provider answered a status check", "provider timeout", "provider unavailable", "expiresAt passed", "cancelled by the customer", "customer retried with wave", "fully refunded (rf_1)", "created by the merchant", "an earlier attempt was paid after all", "provider reports the paid order returned", "held for review (operator_unaware)"];
    for (const note of notes) expect(timelineNote(note, "fr"), note).toMatch(/[a-zé]/);
    expect(timelineNote("provider callback: insufficient_funds", "fr")).toBe("Notification de l’opérateur — Le solde du client était insuffisant.");
    expect(timelineNote("something we never wrote words for", "fr")).toBeNull();
  });
});
