import { defineContract } from "@/lib/http/contract";
import { initiatePayoutBody } from "@/lib/payouts/payout-request-schemas";
import { payoutSchema } from "@/lib/payouts/payout-schemas";

export const initiatePayoutContract = defineContract({
  operationId: "initiatePayout",
  method: "POST",
  path: "/payouts/initiate",
  summary: "Create a payout",
  description:
    "With `quoteId` (recommended) the quote fixes amounts, rates, fees and method; send only beneficiary details. Without it (legacy): `amount`, " +
    "`method` (MOBILE_MONEY or BANK_TRANSFER), `country` (default SN), `currency` (default XOF), `mobileWallet.provider`. The total debit is held at once; " +
    "the payout starts `pending`. Errors: 400 quote_expired, corridor_unsupported, purpose_missing, company_missing, INSUFFICIENT_BALANCE, limit_exceeded, " +
    "validation_error, invalid_phone; 404 unknown quote; 422 quote_already_used.",
  tags: ["Payouts"],
  auth: "apiKey",
  idempotency: true,
  idempotencyInStatement: true,
  request: { body: initiatePayoutBody },
  success: { status: 201, description: "Payout created, pending", schema: payoutSchema },
  errors: [404, 413, 422],
});
