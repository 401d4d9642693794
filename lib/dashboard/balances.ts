import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import type { BalanceMode } from "@/lib/db/generated/client";
import { fundSandboxWalletAndReadBalance, moveFundsForMerchant, readBalances } from "@/lib/ledger";
import { setBalanceMode } from "@/lib/merchants/set-balance-mode";
import { CURRENCY_CODES, fromMinor, parseTypedAmount } from "@/lib/money";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { dashboardActor, type DashboardScope } from "./scope";

export async function getBalancesPage(scope: DashboardScope) {
  return readBalances({ merchantId: scope.merchantId, environment: scope.environment });
}

const currency = z.enum(CURRENCY_CODES, { message: "Choose a supported currency." });
// Read with the currency by parseTypedAmount (lib/money): "50 000", "50 000", "12,50".
// (The character check here only so that a bad amount is reported with a bad currency.)
const amount = z
  .string({ message: "Enter an amount." })
  .trim()
  .max(40)
  .regex(/^[\d \u00A0\u202F\u2009.,]+$/, "Enter an amount such as 50 000 or 12.50.");

/** The form's amount in minor units, or the field error that says why not. */
function typedAmount<T extends { currency: (typeof CURRENCY_CODES)[number]; amount: string }>(schema: z.ZodType<T>) {
  return schema.transform((input, ctx) => {
    try {
      return { ...input, minor: parseTypedAmount(input.amount, input.currency) };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      ctx.addIssue({ code: "custom", path: ["amount"], message: err.message });
      return z.NEVER;
    }
  });
}

const fundsInput = typedAmount(z.object({ currency, amount, category: z.enum(["collect", "payout"]).optional() }));

/** Sandbox "add test funds": into the payout source wallet unless a category is chosen. */
export async function addTestFunds(scope: DashboardScope, raw: unknown): Promise<FormResult<{ currency: string; amount: number; category: string }>> {
  const parsed = fundsInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  if (scope.environment !== "sandbox") return { ok: false, code: "not_found", error: "Test funds exist only in the sandbox." };
  return toFormResult(async () => {
    const minor = parsed.data.minor;
    const funded = await fundSandboxWalletAndReadBalance({
      environment: scope.environment,
      merchantId: scope.merchantId,
      currency: parsed.data.currency,
      amount: minor,
      category: parsed.data.category,
    }, { actor: dashboardActor(scope) });
    return { currency: funded.currency, amount: funded.amount, category: funded.category };
  });
}

const modeInput = z.object({ mode: z.enum(["unified", "separate"], { message: "Choose unified or separate." }) });

export async function changeBalanceMode(scope: DashboardScope, raw: unknown): Promise<FormResult<{ mode: BalanceMode }>> {
  const parsed = modeInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  return toFormResult(async () => {
    const merchant = await setBalanceMode(scope.merchantId, parsed.data.mode, dashboardActor(scope));
    return { mode: merchant.balanceMode };
  });
}

const moveInput = typedAmount(z.object({ currency, amount, reference: z.string().trim().max(80).optional() }));

/** `separate` mode: collect → payout in one currency (insufficient_balance / invalid_state shown as is). */
export async function moveCollectToPayout(scope: DashboardScope, raw: unknown): Promise<FormResult<{ currency: string; amount: number }>> {
  const parsed = moveInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  return toFormResult(async () => {
    const minor = parsed.data.minor;
    await moveFundsForMerchant(
      {
        environment: scope.environment,
        merchantId: scope.merchantId,
        currency: parsed.data.currency,
        amount: minor,
        reference: `dashboard:${scope.merchantId}:${parsed.data.reference || randomUUID()}`,
      },
      { actor: dashboardActor(scope) },
    );
    return { currency: parsed.data.currency, amount: fromMinor(minor, parsed.data.currency) };
  });
}
