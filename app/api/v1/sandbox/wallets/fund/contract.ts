import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { CURRENCY_CODES, MAX_AMOUNT_MAJOR } from "@/lib/money";
import { wholeUnitAmountRule } from "@/lib/reference/catalogue-codes";
import { currencyBalanceSchema } from "../../../payments/balance/contract";

export const fundWalletBody = z
  .strictObject({
  currency: z.enum(CURRENCY_CODES),
  amount: z.number().meta({ exclusiveMinimum: 0, maximum: Number(MAX_AMOUNT_MAJOR) }).describe("Major units, > 0, at most the currency's decimals (XOF: whole units)"),
  category: z.enum(["collect", "payout"]).optional().describe("Default: the payout source category of the balance mode"),
  })
  .meta({ ...wholeUnitAmountRule({ currencyRequired: true }) });

export const fundWalletResponse = z.object({
  success: z.literal(true),
  data: z.object({
    fundingId: z.string().describe("The journal entry of this funding"),
    currency: z.string(),
    category: z.enum(["collect", "payout"]),
    amount: z.number(),
    balance: currencyBalanceSchema.describe("The wallet of this currency after the funding"),
  }),
});

export const fundWalletContract = defineContract({
  operationId: "fundSandboxWallet",
  method: "POST",
  path: "/sandbox/wallets/fund",
  summary: "Add test funds to a wallet (sandbox only)",
  description: "Credits `available` at once. 404 in production. Honours X-Idempotency-Key.",
  tags: ["Sandbox"],
  auth: "apiKey",
  idempotency: true,
  environments: ["sandbox"],
  request: { body: fundWalletBody },
  success: { status: 201, description: "Funded", schema: fundWalletResponse },
  errors: [400, 401, 403, 404, 409, 422, 429],
});
