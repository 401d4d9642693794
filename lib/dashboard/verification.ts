import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { dashboardActor, type DashboardScope } from "./scope";
import { AppError } from "@/lib/errors";
import { findVerificationSubmission, getMerchant, markVerificationPending, saveVerificationSubmission } from "@/lib/merchants/merchant-records";
import { writeAudit } from "@/lib/audit/write-audit";

export const verificationInput = z.object({
  legalName: z.string().trim().min(2, "Enter the registered business name.").max(200),
  registrationNumber: z.string().trim().min(3, "Enter the registration number.").max(64),
  address: z.string().trim().min(5, "Enter the business address.").max(300),
  website: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+\.[^\s]+$/.test(v), "Enter a full URL such as https://example.com, or leave empty.")
    .default(""),
  ownerName: z.string().trim().min(3, "Enter the owner's full name.").max(200),
  ownerId: z.string().trim().min(4, "Enter the ID document number.").max(64),
});

export type VerificationDetails = z.output<typeof verificationInput>;

export async function getVerification(scope: DashboardScope) {
  const prisma = await getPrisma();
  const [merchant, submission] = await Promise.all([
    getMerchant(scope.merchantId, { verificationStatus: true }, prisma),
    findVerificationSubmission(scope.merchantId, prisma),
  ]);
  return { status: merchant.verificationStatus, details: (submission?.details ?? null) as VerificationDetails | null, submittedAt: submission?.submittedAt ?? null };
}

/**
 * Production: the business and identity details go to review (status `pending`); an operator
 * then verifies (`merchant:verify`). Refused once verified, and in the sandbox (nothing to verify).
 */
export async function submitVerification(scope: DashboardScope, raw: unknown): Promise<FormResult<{ status: "pending" }>> {
  if (scope.environment !== "production") return { ok: false, code: "invalid_state", error: "Verification is only needed for live access (production)." };
  const parsed = verificationInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  const prisma = await getPrisma();
  return toFormResult(() =>
    prisma.$transaction(async (tx) => {
      const merchant = await getMerchant(scope.merchantId, { verificationStatus: true }, tx);
      if (merchant.verificationStatus === "verified") throw new AppError("invalid_state", "This account is already verified.");
      const details = parsed.data;
      await saveVerificationSubmission(tx, scope.merchantId, details, scope.email);
      await markVerificationPending(tx, scope.merchantId);
      await writeAudit(tx, { merchantId: scope.merchantId, environment: scope.environment, actor: dashboardActor(scope), action: "merchant.verification_submitted", details: { from: merchant.verificationStatus } });
      return { status: "pending" as const };
    }),
  );
}
