"use server";

import { cookies, headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { rotateDashboardKeys } from "@/lib/dashboard/api-keys";
import { addTestFunds, changeBalanceMode, moveCollectToPayout } from "@/lib/dashboard/balances";
import type { FormResult } from "@/lib/dashboard/form-result";
import { resendDashboardWebhook } from "@/lib/dashboard/payments";
import { cancelDashboardPayout } from "@/lib/dashboard/payouts";
import { signUp, type SignUpResult } from "@/lib/dashboard/sign-up";
import { enableDashboardWebhookEndpoint, revealDashboardWebhookSecret, rotateDashboardWebhookSecret, saveWebhookUrl } from "@/lib/dashboard/webhooks";
import { submitVerification } from "@/lib/dashboard/verification";
import { clientIp } from "@/lib/http/client-ip";
import { currentScope, requireScope } from "./session";

/**
 * Server actions of the dashboard. Each one reads the session first (never a merchant id from
 * the form) and hands the form's fields to a lib/dashboard function that validates them.
 * Next checks the Origin of every action request (CSRF).
 */
const fields = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));

export async function signUpAction(_prev: FormResult<SignUpResult> | null, form: FormData): Promise<FormResult<SignUpResult>> {
  if (await currentScope()) return { ok: false, code: "invalid_state", error: "You are already logged in. Log out first to create another account." };
  return signUp(fields(form), { ip: clientIp(await headers()) });
}

export async function rotateKeysAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await rotateDashboardKeys(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard/api-keys");
  return result.ok ? { ...result, data: { ...result.data, previousValidUntil: result.data.previousValidUntil.toISOString() } } : result;
}

export async function addTestFundsAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await addTestFunds(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}

export async function changeBalanceModeAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await changeBalanceMode(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}

export async function moveFundsAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await moveCollectToPayout(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}

export async function resendWebhookAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await resendDashboardWebhook(scope, form.get("eventId"));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result.ok ? { ok: true as const, data: { id: result.data.id } } : result;
}

export async function cancelPayoutAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await cancelDashboardPayout(scope, form.get("payoutId"));
  if (!result.ok) return result; // e.g. sent to the provider meanwhile: the form shows why
  revalidatePath("/dashboard", "layout");
  // The cancel form disappears with the pending status: the page says it was cancelled.
  redirect(`/dashboard/payouts/${encodeURIComponent(result.data.id)}?cancelled=1`);
}

export async function setLanguageAction(form: FormData) {
  const lang = form.get("lang") === "fr" ? "fr" : "en";
  (await cookies()).set("lang", lang, { path: "/", maxAge: 365 * 86400, sameSite: "lax", httpOnly: false });
  // Back to the page the switch was on (same origin only).
  let back = String(form.get("back") ?? "/dashboard");
  const referer = (await headers()).get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      back = url.pathname + url.search;
    } catch {}
  }
  redirect(back.startsWith("/") && !back.startsWith("//") ? back : "/dashboard");
}

export async function saveWebhookUrlAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await saveWebhookUrl(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard/webhooks");
  return result;
}

export async function revealWebhookSecretAction(_prev: unknown, _form: FormData) {
  const scope = await requireScope();
  return revealDashboardWebhookSecret(scope);
}

export async function rotateWebhookSecretAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await rotateDashboardWebhookSecret(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard/webhooks");
  return result;
}

export async function enableWebhookEndpointAction(_prev: unknown, _form: FormData) {
  const scope = await requireScope();
  const result = await enableDashboardWebhookEndpoint(scope);
  if (result.ok) revalidatePath("/dashboard/webhooks");
  return result;
}

export async function submitVerificationAction(_prev: unknown, form: FormData) {
  const scope = await requireScope();
  const result = await submitVerification(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}
