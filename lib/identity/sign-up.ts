import { z } from "zod";
import { appEnv, config, type AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { hashPassword } from "@/lib/auth/password";
import { newLinkToken, parseLinkToken, secretMatches } from "@/lib/auth/link-token";
import { checkPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import { type Email, sendEmail } from "@/lib/email/send-email";
import { newId } from "@/lib/ids";
import { insertMerchant } from "@/lib/merchants/merchant-records";
import { createMerchant, homeCurrency } from "@/lib/merchants/create-merchant";
import { getOrCreateEndpoint } from "@/lib/webhooks";
import { type FormResult, toFormResult, typedValues, validationFailure } from "@/lib/dashboard/form-result";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { setting } from "@/lib/config";
import { messages, type Locale } from "@/lib/dashboard/i18n";
import type { DashboardLogin } from "./authenticate-user";

/** Sign-ups allowed per client IP per minute. */
export const signUpsPerMinute = () => setting("DASHBOARD_SIGNUPS_PER_MINUTE");

function signUpSchema(locale: Locale) {
  const { passwordRules: rules, signupErrors: e } = messages(locale);
  return z
    .object({
      businessName: z.string({ message: e.businessName }).trim().min(2, e.businessName).max(120, e.businessNameLong),
      email: z.string({ message: e.email }).trim().toLowerCase().email(e.email).max(254, e.email),
      password: z.string({ message: rules.too_short }).min(PASSWORD_MIN_LENGTH, rules.too_short).max(PASSWORD_MAX_LENGTH, rules.too_long),
      country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, e.country).default("SN"),
    })
    .superRefine((input, ctx) => {
      const problem = checkPasswordStrength(input.password, { email: input.email, name: input.businessName });
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: rules[problem] });
    });
}


/** The sign-up fields given back to the form after a failure (the password never is). */
export const SIGN_UP_KEPT_FIELDS = ["businessName", "email", "country"] as const;

/** How long a sign-up link stays valid. */
export const signUpLinkTtlMinutes = () => setting("SIGNUP_LINK_TTL_MINUTES");

/**
 * The sign-up form's only answer, the same for an address with an account and one without
 * (docs/decisions/identity-and-sign-in.md, "Sign-up by confirmation link"): everything else happens by e-mail.
 */
export type SignUpResult = { outcome: "check_email"; email: string };

/**
 * Dashboard sign-up, step one. The password is hashed first whichever way this goes (both
 * answers cost the same), then:
 * - a new address gets a confirmation e-mail with a single-use link (`confirmSignUp` creates the
 *   account when it is followed), the request stored with only its secret's hash;
 * - an address that already has an account gets "someone tried to sign up with your address".
 * The caller hears `check_email` in both cases.
 */
export async function signUp(raw: unknown, options: { ip?: string; locale?: Locale } = {}): Promise<FormResult<SignUpResult>> {
  const locale = options.locale ?? "en";
  const e = messages(locale).signupErrors;
  // A failure hands back what was typed (never the password): the form comes back filled in.
  const values = typedValues(raw, SIGN_UP_KEPT_FIELDS);
  const parsed = signUpSchema(locale).safeParse(raw);
  if (!parsed.success) return { ...validationFailure(parsed.error, e.summary), values };
  // Each sign-up costs a scrypt hash and sends an e-mail: a per-IP budget keeps it from being a
  // CPU lever or a way to flood someone's mailbox.
  if (options.ip !== undefined) {
    const limit = await checkRateLimit(`dashboard-signup:${options.ip}`, signUpsPerMinute());
    if (!limit.success) return { ok: false, code: "rate_limited", error: e.rateLimited, values };
  }
  const input = parsed.data;
  return toFormResult(async (): Promise<SignUpResult> => {
    const passwordHash = await hashPassword(input.password);
    const prisma = await getPrisma();
    if (await prisma.dashboardUser.findUnique({ where: { email: input.email }, select: { id: true } })) await sendEmail(existingAccountEmail(input.email));
    else await requestConfirmation(input, passwordHash);
    return { outcome: "check_email", email: input.email };
  });
}

async function requestConfirmation(input: { email: string; businessName: string; country: string }, passwordHash: string): Promise<void> {
  const { id, token, tokenHash } = newLinkToken(newId("sgr"));
  const expiresAt = new Date(Date.now() + signUpLinkTtlMinutes() * 60_000);
  const link = `${config.publicUrl()}/signup/confirm?token=${token}`;
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await tx.signupRequest.create({
      data: { id, email: input.email, businessName: input.businessName, country: input.country, passwordHash, tokenHash, expiresAt },
    });
    await sendEmail(confirmationEmail(input.email, link, expiresAt), tx);
  });
}

export type SignUpLinkProblem = "invalid" | "expired" | "used";

/** What the confirmation page shows before the person confirms: whose link, or why it is no good. */
export async function checkSignUpLink(token: unknown, now = new Date()): Promise<{ ok: true; email: string } | { ok: false; problem: SignUpLinkProblem }> {
  const found = await findRequest(token, now);
  return found.ok ? { ok: true, email: found.request.email } : found;
}

/** A confirmed sign-up: the new account, signed in by the caller (`login`). */
export type SignUpConfirmed = {
  merchantId: string;
  email: string;
  environment: AppEnvironment;
  /** The first key pair (sandbox only; live keys come after verification). Shown once. */
  keys: { publicKey: string; secretKey: string } | null;
  login: DashboardLogin;
};

/**
 * Dashboard sign-up, step two: the link's owner confirms. Sandbox: the merchant, its dashboard
 * user, its first key pair and its webhook secret. Production: the merchant and user only,
 * verification `unverified` until the verification form is sent; live keys come from an
 * operator's `merchant:verify`. The link is spent in the transaction that creates the account,
 * so two confirmations at once make one account. Failures: `link_invalid`, `link_expired`,
 * `link_used`, `account_exists` (the address got an account since the link was sent).
 */
export async function confirmSignUp(token: unknown, now = new Date()): Promise<FormResult<SignUpConfirmed>> {
  const found = await findRequest(token, now);
  if (!found.ok) return linkFailure(found.problem);
  const request = found.request;
  const prisma = await getPrisma();
  const environment = appEnv();
  const userId = newId("usr");
  try {
    const created = await prisma.$transaction(async (tx) => {
      const spent = await tx.signupRequest.updateMany({ where: { id: request.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
      if (spent.count !== 1) return null;
      const { email, businessName: name, country, passwordHash } = request;
      if (environment === "sandbox") {
        const made = await createMerchant({ name, email, country }, tx);
        await tx.dashboardUser.create({ data: { id: userId, merchantId: made.merchant.id, email, passwordHash } });
        return { merchantId: made.merchant.id, keys: made.keys && { publicKey: made.keys.publicKey, secretKey: made.keys.secretKey } };
      }
      const merchantId = newId("mch");
      await insertMerchant(tx, { id: merchantId, name, email, country, settlementCurrency: await homeCurrency(country, tx) });
      await tx.dashboardUser.create({ data: { id: userId, merchantId, email, passwordHash } });
      return { merchantId, keys: null };
    });
    if (!created) return linkFailure("used");
    await getOrCreateEndpoint(created.merchantId, environment);
    const { merchantId, keys } = created;
    return { ok: true, data: { merchantId, email: request.email, environment, keys, login: { userId, email: request.email, merchantId, environment, sessionVersion: 0 } } };
  } catch (err) {
    // Another sign-up for this address was confirmed first: this link is spent, the account stands.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      await prisma.signupRequest.updateMany({ where: { id: request.id, usedAt: null }, data: { usedAt: now } });
      return { ok: false, code: "account_exists", error: "This e-mail address already has an account. Log in instead." };
    }
    throw err;
  }
}

async function findRequest(token: unknown, now: Date) {
  const invalid = { ok: false as const, problem: "invalid" as const };
  const parsed = parseLinkToken(token, "sgr");
  if (!parsed) return invalid;
  const request = await (await getPrisma()).signupRequest.findUnique({ where: { id: parsed.id } });
  if (!secretMatches(parsed.secret, request?.tokenHash) || !request) return invalid;
  if (request.usedAt) return { ok: false as const, problem: "used" as const };
  if (request.expiresAt <= now) return { ok: false as const, problem: "expired" as const };
  return { ok: true as const, request };
}

function linkFailure(problem: SignUpLinkProblem): FormResult<never> {
  const error = {
    invalid: "This link is not valid. Copy the whole link from the e-mail, or sign up again.",
    expired: "This link has expired. Sign up again to get a new one.",
    used: "This link has already been used. Log in with your e-mail address and password.",
  }[problem];
  return { ok: false, code: `link_${problem}`, error };
}

function confirmationEmail(to: string, link: string, expiresAt: Date): Email {
  const until = `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    to,
    kind: "signup_confirm",
    subject: "Confirm your e-mail address / Confirmez votre adresse e-mail",
    body: [
      "To finish creating your dashboard account, open this link (it works once, until " + until + "):",
      link,
      "If you did not sign up, ignore this message: no account is created without it.",
      "",
      "Pour terminer la création de votre compte, ouvrez ce lien (valable une fois, jusqu’au " + until + ") :",
      link,
      "Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message : aucun compte n’est créé sans lui.",
    ].join("\n"),
  };
}

function existingAccountEmail(to: string): Email {
  const login = `${config.publicUrl()}/login`;
  return {
    to,
    kind: "signup_existing_account",
    subject: "Someone tried to sign up with your address / Tentative d’inscription avec votre adresse",
    body: [
      "Someone tried to create a dashboard account with this e-mail address, which already has one.",
      `If it was you, log in instead: ${login}`,
      "Forgot your password? Contact our support team to reset it. If it was not you, ignore this message: nothing was changed.",
      "",
      "Quelqu’un a essayé de créer un compte avec cette adresse e-mail, qui en a déjà un.",
      `Si c’était vous, connectez-vous plutôt : ${login}`,
      "Mot de passe oublié ? Contactez notre support pour le réinitialiser. Sinon, ignorez ce message : rien n’a été modifié.",
    ].join("\n"),
  };
}
