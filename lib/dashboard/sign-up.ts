import { z } from "zod";
import { appEnv, type AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { hashPassword } from "@/lib/auth/password";
import { checkPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import { sendEmail } from "@/lib/email/send-email";
import { newId } from "@/lib/ids";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { getOrCreateEndpoint } from "@/lib/webhooks";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { intFromEnv } from "@/lib/config";
import { messages, type Locale } from "./i18n";
import type { DashboardLogin } from "./authenticate-user";

/** Sign-ups allowed per client IP per minute. */
export const signUpsPerMinute = () => intFromEnv("DASHBOARD_SIGNUPS_PER_MINUTE", 10);

function signUpSchema(locale: Locale) {
  const rules = messages(locale).passwordRules;
  return z
    .object({
      businessName: z.string().trim().min(2, "Enter your business name.").max(120),
      email: z.string().trim().toLowerCase().email("Enter a valid email address.").max(254),
      password: z.string().min(PASSWORD_MIN_LENGTH, rules.too_short).max(PASSWORD_MAX_LENGTH, rules.too_long),
      country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "Choose a country.").default("SN"),
    })
    .superRefine((input, ctx) => {
      const problem = checkPasswordStrength(input.password, { email: input.email, name: input.businessName });
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: rules[problem] });
    });
}

/**
 * What the sign-up form gets back. `created`: the account exists and the caller signs this
 * person in (`login`). `check_email`: the address already had an account; its owner was told
 * by e-mail. Neither answer says the address was taken (docs/decisions.md, sign-up enumeration).
 */
export type SignUpResult =
  | {
      outcome: "created";
      merchantId: string;
      email: string;
      environment: AppEnvironment;
      /** The first key pair (sandbox only; live keys come after verification). Shown once. */
      keys: { publicKey: string; secretKey: string } | null;
      login: DashboardLogin;
    }
  | { outcome: "check_email"; email: string };

/**
 * Dashboard sign-up. Sandbox: the merchant, its dashboard user, its first key pair and its
 * webhook secret. Production: the merchant and user only, verification `unverified` until the
 * verification form is sent; live keys come from an operator's `merchant:verify`.
 * An address that already has an account gets the e-mail log's "someone tried to sign up with
 * your address" and the caller a `check_email` answer, after the same password hash.
 */
export async function signUp(raw: unknown, options: { ip?: string; locale?: Locale } = {}): Promise<FormResult<SignUpResult>> {
  const parsed = signUpSchema(options.locale ?? "en").safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  // Each sign-up costs a scrypt hash: a per-IP budget keeps it from being a CPU lever.
  if (options.ip !== undefined) {
    const limit = await checkRateLimit(`dashboard-signup:${options.ip}`, signUpsPerMinute());
    if (!limit.success) return { ok: false, code: "rate_limited", error: "Too many sign-ups from your network. Wait a minute and try again." };
  }
  const input = parsed.data;
  const prisma = await getPrisma();
  const environment = appEnv();
  return toFormResult(async (): Promise<SignUpResult> => {
    // Hashed first, whichever way this goes: both answers cost the same.
    const passwordHash = await hashPassword(input.password);
    if (await prisma.dashboardUser.findUnique({ where: { email: input.email }, select: { id: true } })) return existingAccount(input.email);
    try {
      const merchantId = newId("mch");
      const userId = newId("usr");
      let keys: { publicKey: string; secretKey: string } | null = null;
      if (environment === "sandbox") {
        // Merchant, key pair and user in one transaction: a lost race leaves no merchant behind.
        const created = await prisma.$transaction(async (tx) => {
          const made = await createMerchant({ name: input.businessName, email: input.email, country: input.country }, tx);
          await tx.dashboardUser.create({ data: { id: userId, merchantId: made.merchant.id, email: input.email, passwordHash } });
          return made;
        });
        keys = created.keys && { publicKey: created.keys.publicKey, secretKey: created.keys.secretKey };
        await getOrCreateEndpoint(created.merchant.id, environment);
        return createdAnswer(created.merchant.id, userId, input.email, keys);
      }
      await prisma.merchant.create({
        data: { id: merchantId, name: input.businessName, email: input.email, country: input.country, users: { create: { id: userId, email: input.email, passwordHash } } },
      });
      await getOrCreateEndpoint(merchantId, environment);
      return createdAnswer(merchantId, userId, input.email, keys);
    } catch (err) {
      // Two sign-ups for one address at once: the loser is an existing account too.
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return existingAccount(input.email);
      throw err;
    }
  });

  function createdAnswer(merchantId: string, userId: string, email: string, keys: { publicKey: string; secretKey: string } | null): SignUpResult {
    return { outcome: "created", merchantId, email, environment, keys, login: { userId, email, merchantId, environment, sessionVersion: 0 } };
  }
}

async function existingAccount(email: string): Promise<SignUpResult> {
  await sendEmail({
    to: email,
    kind: "signup_existing_account",
    subject: "Someone tried to sign up with your address / Tentative d’inscription avec votre adresse",
    body: [
      "Someone tried to create a dashboard account with this e-mail address, which already has one.",
      "If it was you, log in instead (or change your password in Settings once logged in). If not, you can ignore this message.",
      "",
      "Quelqu’un a essayé de créer un compte avec cette adresse e-mail, qui en a déjà un.",
      "Si c’était vous, connectez-vous plutôt. Sinon, vous pouvez ignorer ce message.",
    ].join("\n"),
  });
  return { outcome: "check_email", email };
}
