import { defineContract } from "@/lib/http/contract";
import { quoteBody } from "@/lib/payouts/payout-request-schemas";
import { quoteSchema } from "@/lib/payouts/payout-schemas";
import { refreshQuoteExpiry } from "@/lib/payouts/quote-view";

export const payoutQuoteContract = defineContract({
  operationId: "createPayoutQuote",
  method: "POST",
  path: "/payouts/quote",
  summary: "Quote a payout",
  description:
    "Prices a payout: fees (XOF tariff converted into the debited wallet's currency), the wallet debited, any top-up from another wallet " +
    "(parity automatically, floating only with allowFxFrom) and the FX to the beneficiary's currency. Valid 300 s; use its quoteId in POST /payouts/initiate. " +
    "Errors: 400 INSUFFICIENT_BALANCE (body with balanceCategory, attempts[], convertibleFrom[]), 400 corridor_unsupported, 400 invalid_amount, 400 limit_exceeded, 400 provider_unavailable.",
  tags: ["Payouts"],
  auth: "apiKey",
  idempotency: true,
  idempotencyInStatement: true,
  onReplay: (body) => refreshQuoteExpiry(body),
  request: { body: quoteBody },
  success: { status: 200, description: "The quote", schema: quoteSchema },
  errors: [422],
});
