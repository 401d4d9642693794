/**
 * What POST /payouts/initiate will require for a quote, said by the quote itself (`requirements`,
 * additive) and enforced by validateBeneficiary from the same table, so the two cannot disagree:
 * an integrator learns every field before the first initiate instead of by trial and error.
 */
export type RequirementsContext = {
  family: "mobile_money" | "bank_transfer";
  international: boolean;
  type: "c2c" | "b2b";
};

export const SENDER_FIELDS = [
  "sender.firstName",
  "sender.lastName",
  "sender.address",
  "sender.dateOfBirth",
  "sender.nationality",
  "sender.identity.type",
  "sender.identity.number",
  "sender.identity.issuingCountry",
  "sender.identity.issueDate",
  "sender.identity.expiryDate",
] as const;

export const SWIFT_FIELDS = ["bankAccount.swiftBic", "bankAccount.bankName", "bankAccount.bankBranch", "bankAccount.bankAddress"] as const;

export const INTERNATIONAL_RECIPIENT_FIELDS = ["recipient.firstName", "recipient.lastName", "recipient.nationality"] as const;

/** The request fields initiate requires for this quote, as dotted paths in the order of the body. */
export function initiateRequirements(ctx: RequirementsContext): { international: boolean; fields: string[] } {
  const fields: string[] = [];
  if (ctx.international) fields.push("purpose");
  if (ctx.international || ctx.type === "b2b") fields.push(...SENDER_FIELDS);
  if (ctx.type === "b2b") fields.push("sender.company.name");
  if (ctx.family === "mobile_money") fields.push("recipient.phone");
  if (ctx.international) fields.push(...INTERNATIONAL_RECIPIENT_FIELDS);
  if (ctx.family === "bank_transfer") {
    fields.push("bankAccount.accountNumber");
    if (ctx.international) fields.push(...SWIFT_FIELDS);
  }
  return { international: ctx.international, fields };
}
