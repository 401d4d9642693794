"use server";

import { cookies, headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { revokeDashboardKey, rotateDashboardKeys } from "@/lib/dashboard/api-keys";
import { addTestFunds, changeBalanceMode, moveCollectToPayout } from "@/lib/dashboard/balances";
import type { FormResult } from "@/lib/dashboard/form-result";
import { resendDashboardWebhook } from "@/lib/dashboard/payments";
import { cancelDashboardPayout } from "@/lib/dashboard/payouts";
import { refundFromDashboard } from "@/lib/dashboard/refunds";
import { type BulkPreviewResult, confirmBulkCsv, MAX_BULK_CSV_BYTES, previewBulkCsv } from "@/lib/dashboard/bulk-payouts";
import { confirmSignUp, signUp, type SignUpResult } from "@/lib/identity/sign-up";
import { authenticateDashboardUser, endAllSessions } from "@/lib/identity/authenticate-user";
import { changePassword } from "@/lib/identity/change-password";
import { requestPasswordReset, resetPassword, type ResetRequested } from "@/lib/identity/password-reset";
import { saveTimeZone } from "@/lib/identity/time-zone";
import { AppError } from "@/lib/errors";
import { enableDashboardWebhookEndpoint, revealDashboardWebhookSecret, rotateDashboardWebhookSecret, saveWebhookUrl } from "@/lib/dashboard/webhooks";
import { submitVerification } from "@/lib/dashboard/verification";
import { saveBranding } from "@/lib/dashboard/branding";
import { clientIp } from "@/lib/http/client-ip";
import { messages } from "@/lib/dashboard/i18n";
import { safeRedirectPath } from "@/lib/dashboard/safe-redirect-path";
import { acceptInvitation, inviteMember, revokeInvitation } from "@/lib/identity/team/invitations";
import { changeMemberRole, removeMember } from "@/lib/identity/team/members";
import { completeTwoFactorChallenge, startTwoFactorChallenge, CHALLENGE_TTL_MINUTES } from "@/lib/identity/two-factor/challenge";
import { confirmTwoFactorEnrolment, disableTwoFactor, regenerateRecoveryCodes, setTeamTwoFactor, startTwoFactorEnrolment } from "@/lib/identity/two-factor/manage-two-factor";
import { actionScope, currentLocale, currentScope, dropSessionCookie, startSession } from "./session";
import { sessionCookie } from "./auth-options";

/**
 * Server actions of the dashboard. Each one reads the session first (never a merchant id from
 * the form) and hands the form's fields to a lib/dashboard function that validates them.
 * Next checks the Origin of every action request (CSRF).
 */
const fields = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));

/** Fields whose typed value is never sent back to the page: secrets and one-time codes. */
const NEVER_ECHOED = /password|secret|code|token|\$ACTION/i;

/**
 * A refused form comes back with what was typed (`values`), so the page shows it again even
 * without JavaScript, where no script can restore it (ActionForm puts it in the fields).
 */
function typedBack<R extends { ok: boolean }>(form: FormData, result: R): R | (R & { values: Record<string, string> }) {
  if (result.ok) return result;
  const values = Object.fromEntries(Object.entries(fields(form)).filter(([name]) => !NEVER_ECHOED.test(name))) as Record<string, string>;
  return { ...result, values };
}

/** What the login form shows after a failed attempt (the typed e-mail is kept, never the password). */
export type LoginState = { error: "wrong" | "rate_limited"; email: string } | null;

/**
 * Login, as a plain form post (works before hydration and without JavaScript): checks the
 * credentials through the same throttles as everything else, issues the session cookie, and
 * goes to `callbackUrl` if it is a path on this site.
 */
export async function loginAction(_prev: LoginState, form: FormData): Promise<LoginState> {
  const next = safeRedirectPath(form.get("callbackUrl"), "/dashboard");
  if (await currentScope()) redirect(next);
  const email = String(form.get("email") ?? "").slice(0, 254);
  let login;
  try {
    login = await authenticateDashboardUser({ email, password: form.get("password") ?? undefined, ip: clientIp(await headers()) });
  } catch (err) {
    if (err instanceof AppError && err.code === "rate_limited") return { error: "rate_limited", email };
    if (err instanceof AppError) return { error: "wrong", email }; // e.g. a suspended merchant: no detail before a session exists
    throw err;
  }
  if (!login) return { error: "wrong", email };
  if (login.twoFactorRequired) {
    // The password was right; the session waits for the code (app/(auth)/login/two-factor).
    const token = await startTwoFactorChallenge(login);
    (await cookies()).set(TWO_FACTOR_COOKIE, token, { httpOnly: true, sameSite: "lax", path: "/login", secure: sessionCookie().secure, maxAge: CHALLENGE_TTL_MINUTES * 60 });
    redirect(`/login/two-factor?callbackUrl=${encodeURIComponent(next)}`);
  }
  await startSession(login);
  redirect(next);
}

/** The cookie that carries a sign-in's second step (its token; only its hash is stored). */
const TWO_FACTOR_COOKIE = "mfa-challenge";

export type TwoFactorLoginState = { error: "wrong_code" | "challenge_invalid" | "rate_limited" } | null;

/** Sign-in, step two: the code from the app (or a recovery code) for the challenge in the cookie. */
export async function twoFactorLoginAction(_prev: TwoFactorLoginState, form: FormData): Promise<TwoFactorLoginState> {
  const next = safeRedirectPath(form.get("callbackUrl"), "/dashboard");
  const jar = await cookies();
  const outcome = await completeTwoFactorChallenge(jar.get(TWO_FACTOR_COOKIE)?.value, form.get("code"));
  if (!outcome.ok) {
    if (outcome.code === "challenge_invalid") jar.set(TWO_FACTOR_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/login", maxAge: 0 });
    return { error: outcome.code };
  }
  jar.set(TWO_FACTOR_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/login", maxAge: 0 });
  await startSession(outcome.login);
  redirect(next);
}

/** Logout ends every session of the user, on every device (lib/dashboard endAllSessions). */
export async function logoutAction() {
  const scope = await currentScope();
  if (scope) await endAllSessions(scope.userId);
  await dropSessionCookie();
  redirect("/login");
}

export type SignUpState = FormResult<SignUpResult>;

/** Sign-up answers "check your e-mail" for every address (lib/identity/sign-up). */
export async function signUpAction(_prev: SignUpState | null, form: FormData): Promise<SignUpState> {
  const locale = await currentLocale();
  if (await currentScope()) return { ok: false, code: "invalid_state", error: messages(locale).signupErrors.alreadyLoggedIn };
  return signUp(fields(form), { ip: clientIp(await headers()), locale });
}

export type ConfirmSignUpState = FormResult<{ email: string; environment: string; keys: { publicKey: string; secretKey: string } | null }>;

/**
 * The sign-up link's button (a POST, so a mail scanner fetching the link spends nothing):
 * creates the account, signs it in, and hands the key pair to the page once.
 */
export async function confirmSignUpAction(_prev: ConfirmSignUpState | null, form: FormData): Promise<ConfirmSignUpState> {
  const result = await confirmSignUp(form.get("token"));
  if (!result.ok) return result;
  await startSession(result.data.login);
  const { email, environment, keys } = result.data;
  return { ok: true, data: { email, environment, keys } };
}

export type PasswordResetRequestState = FormResult<ResetRequested> | null;

/** "Forgot password?": the same answer for every address (lib/identity/password-reset). */
export async function requestPasswordResetAction(_prev: PasswordResetRequestState, form: FormData): Promise<PasswordResetRequestState> {
  return requestPasswordReset({ email: form.get("email") }, { ip: clientIp(await headers()), locale: await currentLocale() });
}

export type PasswordResetState = FormResult<{ email: string }> | null;

/** The reset link's form: the new password; then to the login page, every session ended. */
export async function resetPasswordAction(_prev: PasswordResetState, form: FormData): Promise<PasswordResetState> {
  const result = await resetPassword({ token: form.get("token"), password: form.get("password"), confirm: form.get("confirm") }, { locale: await currentLocale() });
  if (!result.ok) return result;
  // This browser's session (if any) ended with the others.
  await dropSessionCookie();
  redirect("/login?reset=1");
}

export async function changePasswordAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("self");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await changePassword(scope, fields(form), { locale: await currentLocale() });
  if (!result.ok) return result;
  // Every session ended with the old version; this browser gets a new one.
  await startSession(result.data.login);
  return { ok: true as const };
}

export async function saveTimeZoneAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("self");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await saveTimeZone(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return typedBack(form, result);
}

export async function rotateKeysAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("keys");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await rotateDashboardKeys(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard/api-keys");
  return result.ok ? { ...result, data: { ...result.data, previousValidUntil: result.data.previousValidUntil.toISOString() } } : result;
}

export async function revokeKeyAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("keys");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await revokeDashboardKey(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard/api-keys");
  return result.ok ? { ok: true as const, data: { publicKey: result.data.publicKey, revokedAt: result.data.revokedAt.toISOString() } } : result;
}

export async function addTestFundsAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await addTestFunds(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return typedBack(form, result);
}

export async function changeBalanceModeAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await changeBalanceMode(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return typedBack(form, result);
}

export async function moveFundsAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await moveCollectToPayout(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return typedBack(form, result);
}

export async function resendWebhookAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("webhooks");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await resendDashboardWebhook(scope, form.get("eventId"));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result.ok ? { ok: true as const, data: { id: result.data.id } } : result;
}

export async function cancelPayoutAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await cancelDashboardPayout(scope, form.get("payoutId"));
  if (!result.ok) return result; // e.g. sent to the provider meanwhile: the form shows why
  revalidatePath("/dashboard", "layout");
  // The cancel form disappears with the pending status: the page says it was cancelled.
  redirect(`/dashboard/payouts/${encodeURIComponent(result.data.id)}?cancelled=1`);
}

export async function refundPaymentAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await refundFromDashboard(scope, form, await currentLocale());
  if (!result.ok) return typedBack(form, result); // e.g. more than what is left, or the balance cannot cover it
  revalidatePath("/dashboard", "layout");
  // The page lists the new refund; the notice says it was created.
  redirect(`/dashboard/payments/${encodeURIComponent(result.data.transactionId)}?refunded=1`);
}

export async function setLanguageAction(form: FormData) {
  const lang = form.get("lang") === "fr" ? "fr" : "en";
  (await cookies()).set("lang", lang, { path: "/", maxAge: 365 * 86400, sameSite: "lax", httpOnly: false });
  // Back to the page the switch was on: its Referer's path, else the form's `back`, and only
  // ever a path on this origin (safeRedirectPath).
  let back: unknown = form.get("back");
  const referer = (await headers()).get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      back = url.pathname + url.search;
    } catch {}
  }
  redirect(safeRedirectPath(back, "/dashboard"));
}

export async function saveWebhookUrlAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("webhooks");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await saveWebhookUrl(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard/webhooks");
  return typedBack(form, result);
}

export async function revealWebhookSecretAction(_prev: unknown, _form: FormData) {
  const auth = await actionScope("webhooks");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  return revealDashboardWebhookSecret(scope);
}

export async function rotateWebhookSecretAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("webhooks");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await rotateDashboardWebhookSecret(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard/webhooks");
  return result;
}

export async function enableWebhookEndpointAction(_prev: unknown, _form: FormData) {
  const auth = await actionScope("webhooks");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await enableDashboardWebhookEndpoint(scope);
  if (result.ok) revalidatePath("/dashboard/webhooks");
  return result;
}

export async function submitVerificationAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("account");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const result = await submitVerification(scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return typedBack(form, result);
}

/**
 * Settings › Checkout branding: name, colour and logo in one multipart form (it works without
 * JavaScript as a plain POST). Next buffers at most its 1 MB action body; a file over 200 KB is
 * refused without being read further.
 */
export async function saveBrandingAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("branding");
  if (auth.refused) return auth.refused;
  const file = form.get("logo");
  const logo = file instanceof Blob && file.size > 0 ? file : null;
  const result = await saveBranding(auth.scope, { displayName: form.get("displayName"), accentColor: form.get("accentColor"), logo, removeLogo: form.get("removeLogo") === "on", supportPhone: form.get("supportPhone"), supportEmail: form.get("supportEmail") }, { locale: await currentLocale() });
  if (result.ok) revalidatePath("/dashboard/settings", "layout");
  return result;
}

export type BulkPreviewState = FormResult<BulkPreviewResult> | null;

/**
 * Bulk payout, step 1: the uploaded CSV checked row by row exactly as the API would check it
 * (a dry run: nothing is written). The file's text comes back with the preview, in a hidden
 * field of the confirmation form, so step 2 sends what was checked.
 */
export async function previewBulkPayoutAction(_prev: BulkPreviewState, form: FormData): Promise<BulkPreviewState> {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const file = form.get("file");
  let csv = "";
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_BULK_CSV_BYTES) return { ok: false, code: "payload_too_large", error: `The file is larger than ${MAX_BULK_CSV_BYTES / 1024} KB.` };
    csv = await file.text();
  }
  if (csv.trim() === "") return { ok: false, code: "validation_error", error: "Choose a CSV file (start from the template)." };
  return previewBulkCsv(scope, { csv, atomic: form.get("atomic") === "on" }, { locale: await currentLocale() });
}

/** Bulk payout, step 2: sends the previewed file and opens the batch's page. */
export async function confirmBulkPayoutAction(_prev: FormResult<never> | null, form: FormData): Promise<FormResult<never> | null> {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const scope = auth.scope;
  const csv = String(form.get("csv") ?? "");
  if (csv.length > MAX_BULK_CSV_BYTES * 2) return { ok: false, code: "payload_too_large", error: "The file is too large." };
  const result = await confirmBulkCsv(scope, { csv, atomic: form.get("atomic") === "true", requestKey: String(form.get("requestKey") ?? "") }, { locale: await currentLocale() });
  if (!result.ok) return result;
  revalidatePath("/dashboard/payouts");
  redirect(`/dashboard/payouts/bulk/${result.data.bulkId}`);
}

export async function inviteMemberAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("team");
  if (auth.refused) return auth.refused;
  const result = await inviteMember(auth.scope, fields(form), { locale: await currentLocale() });
  if (result.ok) revalidatePath("/dashboard/team");
  return typedBack(form, result);
}

export async function revokeInvitationAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("team");
  if (auth.refused) return auth.refused;
  const result = await revokeInvitation(auth.scope, form.get("invitationId"));
  if (result.ok) revalidatePath("/dashboard/team");
  return result;
}

export async function changeMemberRoleAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("team");
  if (auth.refused) return auth.refused;
  const result = await changeMemberRole(auth.scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}

export async function removeMemberAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("team");
  if (auth.refused) return auth.refused;
  const result = await removeMember(auth.scope, form.get("userId"));
  if (!result.ok) return result;
  // An owner who removed themselves has no account left: back to the login page.
  if (result.data.self) {
    await dropSessionCookie();
    redirect("/login");
  }
  revalidatePath("/dashboard/team");
  return result;
}

export async function setTeamTwoFactorAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("team");
  if (auth.refused) return auth.refused;
  const result = await setTeamTwoFactor(auth.scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}

export type StartTwoFactorState = Awaited<ReturnType<typeof startTwoFactorEnrolment>> | null;

/** Two-factor set-up, step one: the key for the app (shown on the page, never logged). */
export async function startTwoFactorAction(_prev: unknown, _form: FormData): Promise<StartTwoFactorState> {
  const auth = await actionScope("self");
  if (auth.refused) return auth.refused;
  return startTwoFactorEnrolment(auth.scope);
}

export type RecoveryCodesState = Awaited<ReturnType<typeof confirmTwoFactorEnrolment>> | null;

/** Two-factor set-up, step two: the first code turns it on; the recovery codes come back once. */
export async function confirmTwoFactorAction(_prev: unknown, form: FormData): Promise<RecoveryCodesState> {
  const auth = await actionScope("self");
  if (auth.refused) return auth.refused;
  // No revalidation: the page's own render would not hold the codes; the component does (two-factor-setup.tsx).
  return confirmTwoFactorEnrolment(auth.scope, fields(form));
}

export async function disableTwoFactorAction(_prev: unknown, form: FormData) {
  const auth = await actionScope("self");
  if (auth.refused) return auth.refused;
  const result = await disableTwoFactor(auth.scope, fields(form));
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}

export async function regenerateRecoveryCodesAction(_prev: unknown, form: FormData): Promise<RecoveryCodesState> {
  const auth = await actionScope("self");
  if (auth.refused) return auth.refused;
  return regenerateRecoveryCodes(auth.scope, fields(form));
}

export type AcceptInvitationState = Awaited<ReturnType<typeof acceptInvitation>> | null;

/** The invitation link's form: the new member's password; then signed in, on to the dashboard. */
export async function acceptInvitationAction(_prev: AcceptInvitationState, form: FormData): Promise<AcceptInvitationState> {
  if (await currentScope()) return { ok: false, code: "invalid_state", error: messages(await currentLocale()).signupErrors.alreadyLoggedIn };
  const result = await acceptInvitation(form.get("token"), { password: form.get("password") ?? undefined }, { locale: await currentLocale() });
  if (!result.ok) return result;
  await startSession(result.data.login);
  redirect("/dashboard");
}
