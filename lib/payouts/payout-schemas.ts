import { z } from "zod";

/** Response schemas of the payout endpoints (spec "Payout", "Quote", limits), used by the contracts. */
const money = z.object({ amount: z.number(), currency: z.string() });
const json = z.record(z.string(), z.unknown());

export const quoteSchema = z.object({
  quoteId: z.string(),
  expiresAt: z.string(),
  expiresIn: z.number().describe("Seconds remaining: 300 at creation."),
  input: money.describe("As requested."),
  source: money.describe("What is sent to the provider, in the payout currency."),
  destination: money.extend({ country: z.string() }).describe("What the beneficiary receives."),
  fees: money.extend({
    billed: z.object({ amount: z.number(), currency: z.literal("XOF"), rate: z.number().describe("XOF → debited currency.") }),
  }),
  totalDebit: money.describe("Source + fees, in the currency of the wallet actually debited."),
  fxTopUp: z
    .object({
      fromCurrency: z.string(),
      toCurrency: z.string(),
      sourceAmount: z.number().describe("Rounded up: sourceAmount × rate ≥ targetAmount."),
      targetAmount: z.number(),
      rate: z.number(),
      spreadPercent: z.number(),
      parity: z.boolean(),
    })
    .nullable(),
  fx: z.object({ rate: z.number(), spreadPercent: z.number(), sourceCurrency: z.string(), destinationCurrency: z.string() }).nullable(),
  method: z.string(),
  requirements: z
    .object({
      international: z.boolean().describe("Cross-border: a purpose, the sender with an identity and the recipient's names and nationality are required."),
      fields: z.array(z.string()).describe("Dotted paths of the POST /payouts/initiate body fields this quote requires (`sender.identity.number`); all missing ones are reported in one 400."),
    })
    .describe("What POST /payouts/initiate will require with this quote."),
}).meta({ id: "Quote" });

/** Every status a payout can have (`reversed` extends the spec's five: docs/decisions/payout-reversals.md). */
export const PAYOUT_STATUSES = ["pending", "processing", "success", "failed", "cancelled", "reversed"] as const;

export const payoutSchema = z.object({
  transactionId: z.string().describe("The payout id (po_…), also {payoutId}."),
  externalReference: z.string().optional(),
  status: z
    .enum(PAYOUT_STATUSES)
    .describe(
      "`reversed`: the beneficiary was paid, then the operator returned the money; the amount is back in your balance (`reversal.credited`), the fees are not. Final.",
    ),
  amount: z.number(),
  currency: z.string(),
  fees: z.number().describe("In the payout currency."),
  netAmount: z.number().describe("What the beneficiary side is sent, in the payout currency (fees are debited on top)."),
  method: z.enum(["mobile_money", "bank_transfer"]),
  type: z.enum(["c2c", "b2b"]),
  sender: z.object({ firstName: z.unknown(), lastName: z.unknown(), nationality: z.unknown() }).optional(),
  recipient: json,
  mobileWallet: z.object({ provider: z.string() }).optional(),
  bankAccount: json.optional(),
  correspondentBank: json.optional(),
  international: z
    .object({
      destinationCountry: z.string(),
      destinationCurrency: z.string(),
      destinationAmount: z.number(),
      fxRate: z.number(),
      purpose: z.string().optional(),
    })
    .optional(),
  debit: z.object({ amount: z.number(), currency: z.string(), conversionRate: z.number() }).describe("What left which wallet (fees included)."),
  providerReference: z.string().optional(),
  queuedReason: z
    .string()
    .optional()
    .describe("Set while a pending payout waits for its provider to be available again (funds held; it is sent in order once the provider is back, and can be cancelled meanwhile)."),
  errorCode: z.string().optional().describe("invalid_recipient, insufficient_balance, provider_error, limit_exceeded, account_blocked"),
  errorMessage: z.string().optional(),
  description: z.string().optional(),
  metadata: json.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  processedAt: z.string().optional(),
  completedAt: z.string().optional(),
  reversal: z
    .object({
      reversedAt: z.string().describe("When the operator's reversal reached us."),
      credited: money.describe("What came back to the debited wallet: the amount debited without the fees."),
    })
    .optional()
    .describe("Set once a paid payout is `reversed`."),
}).meta({ id: "Payout" });

const window = z.object({ limit: z.number(), used: z.number(), remaining: z.number(), currency: z.string() });
export const payoutLimitsSchema = z.object({
  daily: window,
  monthly: window,
  perTransaction: z.object({ min: z.number(), max: z.number(), currency: z.string() }),
}).meta({ id: "PayoutLimits" });
