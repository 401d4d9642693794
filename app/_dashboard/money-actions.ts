"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormResult } from "@/lib/dashboard/form-result";
import { decideDashboardApproval, saveApprovalThresholds } from "@/lib/dashboard/approvals";
import { confirmSendMoney, predictOperator, reviewSendMoney, SEND_FIELDS, type SendFields, type SendReview } from "@/lib/dashboard/send-money";
import { actionScope, currentLocale } from "./session";
import { displayZone } from "./format";

/**
 * Server actions of the money screens (send money). Each reads the session first, never a
 * merchant id from the form, and works as a plain form post without JavaScript.
 */
const sendFields = (form: FormData): SendFields & { quoteId?: string; confirm?: string } => {
  const out: Record<string, string> = {};
  for (const name of [...SEND_FIELDS, "quoteId", "confirm"]) {
    const v = form.get(name);
    if (typeof v === "string") out[name] = v;
  }
  return out;
};

export type SendState = FormResult<SendReview> | { ok: false; code: "editing"; error: ""; values: SendFields } | null;

/**
 * Send money, step one: the details → the reviewed quote. The review's "Change the details"
 * posts here with `edit`, which gives the typed values back to the form instead.
 */
export async function reviewSendMoneyAction(_prev: SendState, form: FormData): Promise<SendState> {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const fields = sendFields(form);
  if (form.get("edit") === "1") return { ok: false, code: "editing", error: "", values: fields };
  return reviewSendMoney(auth.scope, fields, { locale: await currentLocale(), timeZone: displayZone().timeZone });
}

/** Send money, step two: initiates with the reviewed quote, then opens the payout's page. */
export async function confirmSendMoneyAction(_prev: FormResult<never> | null, form: FormData): Promise<FormResult<never> | null> {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const result = await confirmSendMoney(auth.scope, sendFields(form), { locale: await currentLocale() });
  if (!result.ok) return result;
  revalidatePath("/dashboard/payouts");
  redirect(`/dashboard/payouts/${encodeURIComponent(result.data.payoutId)}?${result.data.awaitingApproval ? "approval=1" : "sent=1"}`);
}

/** The operator a typed number belongs to, for the form's hint (called from the browser as the number is typed). */
export async function predictOperatorAction(country: string, phone: string): Promise<{ name: string; portability: boolean } | null> {
  const auth = await actionScope("money");
  if (auth.refused) return null;
  return predictOperator(auth.scope, country, phone);
}

/** Approve or reject a payout awaiting approval (permission `approve`; the step-up code is checked in lib). Back to the list, which says what was done. */
export async function decideApprovalAction(_prev: unknown, form: FormData): Promise<FormResult<never>> {
  const auth = await actionScope("approve");
  if (auth.refused) return auth.refused;
  const result = await decideDashboardApproval(auth.scope, { approvalId: form.get("approvalId"), decision: form.get("decision"), code: form.get("code"), note: form.get("note") }, { locale: await currentLocale() });
  if (!result.ok) return result;
  revalidatePath("/dashboard", "layout");
  redirect(`/dashboard/approvals?done=${result.data.decision}`);
}

/** The team's approval thresholds (owners: permission `team`, as the team's other rules). */
export async function saveApprovalThresholdsAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("team");
  if (auth.refused) return auth.refused;
  const raw = Object.fromEntries([...form.entries()].filter(([name, v]) => typeof v === "string" && name.startsWith("threshold_")));
  const result = await saveApprovalThresholds(auth.scope, raw, { locale: await currentLocale() });
  if (result.ok) revalidatePath("/dashboard/approvals");
  return result.ok ? result : { ...result, values: raw as Record<string, string> };
}
