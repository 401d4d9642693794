import { AppError, type ErrorDetail } from "@/lib/errors";
import { isPurposeAllowed, validatePhone } from "@/lib/reference";
import { compactAccount, isValidBic, isValidIban, looksLikeIban } from "./bank-identifiers";
import { INTERNATIONAL_RECIPIENT_FIELDS } from "./initiate-requirements";
import type { InitiatePayoutBody } from "./payout-request-schemas";

export type BeneficiaryContext = {
  family: "mobile_money" | "bank_transfer";
  international: boolean;
  type: "c2c" | "b2b";
  sourceCountry: string;
  destinationCountry: string;
  destinationCurrency: string;
};

export type ValidBeneficiary = {
  purpose: string | null;
  recipient: Record<string, unknown>;
  /** What the provider pays: the E.164 phone (wallets) or the compact account number (banks). */
  destination: string;
  bankAccount: Record<string, unknown> | null;
};

/**
 * The beneficiary rules of POST /payouts/initiate (spec "Payout request objects", docs/design/quotes-and-payouts.md),
 * once the quote (or the legacy body) has fixed the method, the corridor and the type:
 * - every problem below is reported in one 400 whose details name each field; its code is
 *   company_missing when b2b lacks sender.company, else purpose_missing when an international
 *   payout lacks a purpose (top-level or international.purpose, any case, stored upper case),
 *   else validation_error (initiate-requirements.ts lists the fields, the quote shows them);
 * - identity dates consistent (issued in the past, not expired, issue before expiry), date of
 *   birth in the past;
 * - mobile money: recipient.phone in E.164 for the destination country → 400 invalid_phone;
 * - bank transfer: bankAccount; an IBAN-looking number must pass mod-97; a BIC must be well
 *   formed; SWIFT (international bank transfer) needs swiftBic, bankName, bankBranch, bankAddress.
 */
export async function validateBeneficiary(body: InitiatePayoutBody, ctx: BeneficiaryContext, now = new Date()): Promise<ValidBeneficiary> {
  const { sender, recipient } = body;
  const needsSender = ctx.international || ctx.type === "b2b";
  // Every problem is collected and reported in one answer, so that an integrator fixes them all
  // after one try rather than one per try. The spec's codes stay: company_missing, then
  // purpose_missing, when one of them is among the problems; else validation_error.
  const issues: ErrorDetail[] = [];
  const require = (value: unknown, path: string, why: string) => {
    if (value === undefined || value === null || value === "") issues.push({ path, message: `is required ${why}` });
  };
  const companyMissing = ctx.type === "b2b" && !sender?.company;
  if (companyMissing) issues.push({ path: "sender.company", message: "is required for b2b payouts" });
  const rawPurpose = body.purpose ?? body.international?.purpose;
  const purposeMissing = ctx.international && !rawPurpose;
  if (purposeMissing) issues.push({ path: "purpose", message: "is required for international payouts (purpose or international.purpose, e.g. SALARY; see GET /payouts/reference/purposes)" });
  const purpose = rawPurpose ? rawPurpose.trim().toUpperCase() : null;

  if (needsSender) require(sender, "sender", ctx.international ? "for international payouts" : "for b2b payouts");
  if (ctx.international) {
    for (const field of INTERNATIONAL_RECIPIENT_FIELDS) require(recipient[field.slice("recipient.".length) as keyof typeof recipient], field, "for international payouts");
  }
  if (purpose && ctx.international && !(await isPurposeAllowed(ctx.sourceCountry, ctx.destinationCountry, purpose, { destinationCurrency: ctx.destinationCurrency }))) {
    issues.push({ path: "purpose", message: `${purpose} is not accepted from ${ctx.sourceCountry} to ${ctx.destinationCountry}; see GET /payouts/reference/purposes` });
  }

  const today = now.toISOString().slice(0, 10);
  if (sender) {
    if (sender.dateOfBirth >= today) issues.push({ path: "sender.dateOfBirth", message: "must be in the past" });
    const id = sender.identity;
    if (id.issueDate > today) issues.push({ path: "sender.identity.issueDate", message: "must not be in the future" });
    if (id.expiryDate <= today) issues.push({ path: "sender.identity.expiryDate", message: "the identity document has expired" });
    if (id.issueDate >= id.expiryDate) issues.push({ path: "sender.identity.expiryDate", message: "must be after issueDate" });
  }

  let destination = "";
  let phoneProblem: ErrorDetail | undefined;
  let bankAccount: Record<string, unknown> | null = null;
  const normalisedRecipient: Record<string, unknown> = { ...recipient };
  if (ctx.family === "mobile_money") {
    if (!recipient.phone) {
      issues.push({ path: "recipient.phone", message: "is required for mobile money (E.164, e.g. +221771234567)" });
    } else {
      const check = await validatePhone(ctx.destinationCountry, recipient.phone);
      if (!check.ok) phoneProblem = { path: "recipient.phone", message: check.reason };
      else {
        normalisedRecipient.phone = check.e164;
        destination = check.e164;
      }
    }
  } else {
    const account = body.bankAccount;
    if (!account) {
      issues.push({ path: "bankAccount", message: "is required for bank transfers" });
    } else {
      const number = compactAccount(account.accountNumber);
      if (looksLikeIban(number) && !isValidIban(number)) issues.push({ path: "bankAccount.accountNumber", message: "is not a valid IBAN (checksum mismatch)" });
      if (account.swiftBic && !isValidBic(account.swiftBic)) issues.push({ path: "bankAccount.swiftBic", message: "is not a valid SWIFT BIC (8 or 11 characters)" });
      if (ctx.international) {
        require(account.swiftBic, "bankAccount.swiftBic", "for SWIFT transfers");
        require(account.bankName, "bankAccount.bankName", "for SWIFT transfers");
        require(account.bankBranch, "bankAccount.bankBranch", "for SWIFT transfers");
        require(account.bankAddress, "bankAccount.bankAddress", "for SWIFT transfers");
      }
      bankAccount = { ...account, accountNumber: number, ...(account.swiftBic ? { swiftBic: compactAccount(account.swiftBic) } : {}) };
      destination = number;
    }
  }
  if (body.correspondentBank?.swiftBic && !isValidBic(body.correspondentBank.swiftBic)) {
    issues.push({ path: "correspondentBank.swiftBic", message: "is not a valid SWIFT BIC (8 or 11 characters)" });
  }

  // A bad phone alone keeps its own code (invalid_phone); beside other problems it is one of them.
  if (phoneProblem && issues.length === 0) throw new AppError("invalid_phone", phoneProblem.message, { details: [phoneProblem] });
  if (phoneProblem) issues.push(phoneProblem);
  if (issues.length > 0) {
    const code = companyMissing ? "company_missing" : purposeMissing ? "purpose_missing" : "validation_error";
    const lead = companyMissing ? "B2B payouts need sender.company (at least its name). " : purposeMissing ? "International payouts need a purpose (purpose or international.purpose), e.g. SALARY. " : "";
    throw new AppError(code, `${lead}Invalid payout request: ${issues.map((i) => `${i.path} ${i.message}`).join("; ")}.`, { details: issues });
  }
  if (!normalisedRecipient.name && recipient.firstName && recipient.lastName) normalisedRecipient.name = `${recipient.firstName} ${recipient.lastName}`;
  return { purpose, recipient: normalisedRecipient, destination, bankAccount };
}
