import { getPrisma } from "@/lib/db/client";
import { isAppError } from "@/lib/errors";
import { readBalances } from "@/lib/ledger";
import { type CurrencyCode, formatAmount, isCurrency, minorToDecimalString, parseTypedAmount } from "@/lib/money";
import { type ApprovalListItem, type Decision, decideApproval, listPendingApprovals, readApprovalThresholds, setApprovalThreshold } from "@/lib/payouts/approvals";
import type { FormResult } from "./form-result";
import type { Locale } from "./i18n";
import { fill, moneyMessages } from "./i18n-money";
import { can } from "@/lib/identity/roles";
import { dashboardActor, type DashboardMember, type DashboardScope } from "./scope";
import { formatInZone } from "@/lib/identity/time-zone";
import { provesTwoFactor, twoFactorRateLimited } from "@/lib/identity/two-factor/manage-two-factor";
import { getMerchant } from "@/lib/merchants/merchant-records";
import { findMember } from "@/lib/identity/users";

/**
 * The approvals screen (maker–checker, lib/payouts/approvals.ts): what waits, who may decide, the
 * team's thresholds. Deciding is a step-up action: an approver with two-factor sign-in gives a
 * current code, checked in the decision's own transaction.
 */

const show = (minor: bigint, currency: string, locale: Locale) => (isCurrency(currency) ? formatAmount(minor, currency, locale) : `${minor} ${currency}`);

export type ApprovalCard = {
  id: string;
  kind: "payout" | "bulk";
  /** The payout's or bulk's page. */
  href: string;
  totals: string[];
  count: number;
  /** The first recipients (a bulk shows three). */
  recipients: { name: string | null; destination: string; amount: string }[];
  requestedEmail: string;
  createdAt: string;
  /** The viewer made it: they cannot decide. */
  mine: boolean;
};

function recipientName(recipient: unknown): string | null {
  const r = (recipient ?? {}) as { name?: unknown; firstName?: unknown; lastName?: unknown };
  if (typeof r.name === "string") return r.name;
  const full = [r.firstName, r.lastName].filter((v) => typeof v === "string").join(" ");
  return full || null;
}

function card(a: ApprovalListItem, scope: DashboardScope, locale: Locale, timeZone: string): ApprovalCard {
  const totals = (a.totals as { currency: string; amount: string }[]).map((t) => show(BigInt(t.amount), t.currency, locale));
  return {
    id: a.id,
    kind: a.payoutId ? "payout" : "bulk",
    href: a.payoutId ? `/dashboard/payouts/${a.payoutId}` : `/dashboard/payouts/bulk/${a.bulkId}`,
    totals,
    count: a.payoutCount,
    recipients: a.payouts.map((p) => ({ name: recipientName(p.recipient), destination: p.destination, amount: show(p.amount, p.currency, locale) })),
    requestedEmail: a.requestedEmail,
    createdAt: formatInZone(a.createdAt, locale, timeZone).local,
    mine: a.requestedBy === scope.userId,
  };
}

export type ApprovalsPage = {
  cards: ApprovalCard[];
  /** The viewer's role may decide (owner, finance). */
  canDecide: boolean;
  /** Deciding asks for a code (the viewer has two-factor sign-in). */
  needsCode: boolean;
  /** The thresholds by currency (formatted, null: never), for the merchant's currencies. */
  thresholds: { currency: string; value: string; label: string }[];
};

export async function getApprovalsPage(scope: DashboardMember, options: { locale: Locale; timeZone: string }): Promise<ApprovalsPage> {
  const prisma = await getPrisma();
  const owner = { merchantId: scope.merchantId, environment: scope.environment };
  const [pending, thresholds, currencies] = await Promise.all([listPendingApprovals(prisma, owner), readApprovalThresholds(prisma, owner), merchantCurrencies(scope)]);
  const t = moneyMessages(options.locale).approvals;
  for (const c of thresholds.keys()) if (!currencies.includes(c)) currencies.push(c);
  return {
    cards: pending.map((a) => card(a, scope, options.locale, options.timeZone)),
    canDecide: can(scope.role, "approve"),
    needsCode: scope.twoFactorEnabled,
    thresholds: currencies.map((currency) => {
      const amount = thresholds.get(currency);
      return {
        currency,
        // The form's value: the major amount as typed back (no grouping, so it parses as it shows).
        value: amount === undefined || !isCurrency(currency) ? "" : minorToDecimalString(amount, currency),
        label: amount === undefined ? t.never : fill(t.current, { amount: show(amount, currency, options.locale) }),
      };
    }),
  };
}

/** The settlement currency first, then each wallet's. */
async function merchantCurrencies(scope: DashboardScope): Promise<string[]> {
  const merchant = await getMerchant(scope.merchantId, { settlementCurrency: true });
  const balances = await readBalances({ merchantId: scope.merchantId, environment: scope.environment });
  return [...new Set([merchant.settlementCurrency, ...balances.balances.map((b) => b.currency)])];
}

/**
 * Approve or reject, as the signed-in member: the step-up code first when they have two-factor
 * (in the decision's transaction, so a used code and its decision commit together), then the
 * domain's rules (pending, not one's own).
 */
export async function decideDashboardApproval(
  scope: DashboardMember,
  raw: { approvalId?: unknown; decision?: unknown; code?: unknown; note?: unknown },
  options: { locale: Locale; now?: Date },
): Promise<FormResult<{ approvalId: string; decision: Decision }>> {
  const t = moneyMessages(options.locale).approvals;
  const approvalId = typeof raw.approvalId === "string" && /^apr_[a-z0-9]{1,40}$/.test(raw.approvalId) ? raw.approvalId : null;
  const decision = raw.decision === "approve" || raw.decision === "reject" ? raw.decision : null;
  if (!approvalId || !decision) return { ok: false, code: "not_found", error: t.notFound };
  const now = options.now ?? new Date();
  if (scope.twoFactorEnabled) {
    const limited = await twoFactorRateLimited(scope);
    if (limited) return { ok: false, code: "rate_limited", error: t.rateLimited };
  }
  const prisma = await getPrisma();
  try {
    return await prisma.$transaction(async (tx): Promise<FormResult<{ approvalId: string; decision: Decision }>> => {
      const user = await findMember(scope.userId, scope.merchantId, tx);
      if (!user) return { ok: false, code: "forbidden", error: t.cannotDecide };
      if (user.totpSecret && user.totpEnabledAt && !(await provesTwoFactor(tx, user, raw.code, now))) {
        return { ok: false, code: "wrong_code", error: t.wrongCode, fieldErrors: { code: t.wrongCode } };
      }
      const note = typeof raw.note === "string" ? raw.note.trim().slice(0, 500) : null;
      await decideApproval(tx, { merchantId: scope.merchantId, environment: scope.environment, approvalId, decision, decider: { userId: scope.userId, email: scope.email }, note, now });
      return { ok: true, data: { approvalId, decision } };
    });
  } catch (err) {
    if (!isAppError(err)) throw err;
    const error = err.code === "forbidden" ? t.ownRequest : err.code === "not_found" ? t.notFound : err.message.startsWith("Nothing is left") ? t.nothingLeft : t.alreadyDecided;
    return { ok: false, code: err.code, error };
  }
}

/** Saves the thresholds form: one field per currency (`threshold_XOF`), empty removes it. Owners only (the caller checks the role). */
export async function saveApprovalThresholds(scope: DashboardScope, raw: Record<string, unknown>, options: { locale: Locale }): Promise<FormResult<{ saved: number }>> {
  const t = moneyMessages(options.locale).approvals;
  const prisma = await getPrisma();
  const owner = { merchantId: scope.merchantId, environment: scope.environment };
  const current = await readApprovalThresholds(prisma, owner);
  const wanted = new Map<CurrencyCode, bigint | null>();
  const fieldErrors: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const currency = /^threshold_([A-Z]{3})$/.exec(name)?.[1];
    if (!currency || !isCurrency(currency) || typeof value !== "string") continue;
    const typed = value.trim();
    if (typed === "") wanted.set(currency, null);
    else {
      try {
        wanted.set(currency, parseTypedAmount(typed, currency));
      } catch (err) {
        if (!isAppError(err)) throw err;
        // Zero is allowed (every payout), which toMinor refuses as an amount.
        if (/^0+([.,]0*)?$/.test(typed)) wanted.set(currency, 0n);
        else fieldErrors[name] = t.invalid;
      }
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, code: "validation_error", error: t.invalid, fieldErrors };
  const changes = [...wanted].filter(([currency, amount]) => (current.get(currency) ?? null) !== amount);
  if (changes.length > 0) {
    await prisma.$transaction(async (tx) => {
      for (const [currency, amount] of changes) await setApprovalThreshold(tx, { ...owner, currency, amount, actor: dashboardActor(scope) });
    });
  }
  return { ok: true, data: { saved: changes.length } };
}
