import { z } from "zod";
import { appEnv, type AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { newId } from "@/lib/ids";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { getOrCreateEndpoint } from "@/lib/webhooks";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { AppError } from "@/lib/errors";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { intFromEnv } from "@/lib/config";

/** Sign-ups allowed per client IP per minute. */
export const signUpsPerMinute = () => intFromEnv("DASHBOARD_SIGNUPS_PER_MINUTE", 10);

export const signUpInput = z.object({
  businessName: z.string().trim().min(2, "Enter your business name.").max(120),
  email: z.string().trim().toLowerCase().email("Enter a valid email address.").max(254),
  password: z.string().min(10, "Use at least 10 characters.").max(200, "Use at most 200 characters."),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "Choose a country.").default("SN"),
});

export type SignUpResult = {
  merchantId: string;
  email: string;
  environment: AppEnvironment;
  /** The first key pair (sandbox only; live keys come after verification). Shown once. */
  keys: { publicKey: string; secretKey: string } | null;
};

/**
 * Dashboard sign-up. Sandbox: the merchant, its dashboard user, its first key pair and its
 * webhook secret. Production: the merchant and user only, verification `unverified` until the
 * verification form is sent; live keys come from an operator's `merchant:verify`.
 */
export async function signUp(raw: unknown, options: { ip?: string } = {}): Promise<FormResult<SignUpResult>> {
  const parsed = signUpInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  // Each sign-up costs a scrypt hash: a per-IP budget keeps it from being a CPU lever.
  if (options.ip !== undefined) {
    const limit = await checkRateLimit(`dashboard-signup:${options.ip}`, signUpsPerMinute());
    if (!limit.success) return { ok: false, code: "rate_limited", error: "Too many sign-ups from your network. Wait a minute and try again." };
  }
  const input = parsed.data;
  const prisma = await getPrisma();
  const environment = appEnv();
  return toFormResult(async () => {
    if (await prisma.dashboardUser.findUnique({ where: { email: input.email } })) {
      throw new AppError("duplicate_reference", "An account already exists with this email address. Log in instead.");
    }
    if (environment === "sandbox") {
      const { merchant, keys } = await createMerchant({ name: input.businessName, email: input.email, password: input.password, country: input.country });
      await getOrCreateEndpoint(merchant.id, environment);
      return { merchantId: merchant.id, email: merchant.email, environment, keys: { publicKey: keys.publicKey, secretKey: keys.secretKey } };
    }
    const merchantId = newId("mch");
    await prisma.merchant.create({
      data: {
        id: merchantId,
        name: input.businessName,
        email: input.email,
        country: input.country,
        users: { create: { id: newId("usr"), email: input.email, passwordHash: await hashPassword(input.password) } },
      },
    });
    await getOrCreateEndpoint(merchantId, environment);
    return { merchantId, email: input.email, environment, keys: null };
  });
}
