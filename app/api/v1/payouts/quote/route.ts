import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { createQuote } from "@/lib/payouts/create-quote";
import { quoteView } from "@/lib/payouts/quote-view";
import { payoutQuoteContract } from "./contract";

export const POST = defineRoute(payoutQuoteContract, async ({ auth, body }) => ({ body: quoteView(await createQuote(auth, body)) }));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
