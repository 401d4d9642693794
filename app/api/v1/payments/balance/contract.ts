import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

const buckets = z.object({
  available: z.number().describe("Spendable now, in major units of the currency"),
  pending: z.number().describe("Collected, waiting for settlement"),
});

/** One currency's wallet (spec: Balance). Shared with POST /sandbox/wallets/fund. */
export const currencyBalanceSchema = z.object({
  currency: z.string(),
  categories: z.object({ collect: buckets, payout: buckets, credit: buckets }).describe("Always all three; zeros when unused"),
  totals: buckets.describe("Sum of the categories of this currency; never summed across currencies"),
  updatedAt: z.string().nullable().describe("Last movement on this currency; null when none"),
}).meta({ id: "Balance" });

export const balanceResponse = z.object({
  success: z.literal(true),
  data: z.object({
    balanceMode: z.enum(["unified", "separate"]),
    payoutSourceCategory: z.enum(["collect", "payout"]),
    balances: z.array(currencyBalanceSchema),
  }),
});

export const balanceContract = defineContract({
  operationId: "getBalance",
  method: "GET",
  path: "/payments/balance",
  summary: "Wallet balances",
  description:
    "One entry per currency the merchant holds, settlement currency first (always present, with zeros and updatedAt null before any movement). Only the caller's environment.",
  tags: ["Balances"],
  auth: "apiKey",
  success: { status: 200, description: "Balances", schema: balanceResponse },
  errors: [401, 403, 429],
});
