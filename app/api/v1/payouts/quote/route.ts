import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { createQuote } from "@/lib/payouts/create-quote";
import { quoteView } from "@/lib/payouts/quote-view";
import { payoutQuoteContract } from "./contract";

export const POST = defineRoute(payoutQuoteContract, async ({ auth, body, idempotency }) => ({
  // With X-Idempotency-Key: the key's record, with this answer, in the quote's own statement.
  body: quoteView(await createQuote(auth, body, { record: idempotency && ((quote) => idempotency.cte(quoteView(quote))) })),
}));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
