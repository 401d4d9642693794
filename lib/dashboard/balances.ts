import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import type { BalanceMode } from "@/lib/db/generated/client";
import { fundSandboxWalletAndReadBalance, moveFunds, readBalances } from "@/lib/ledger";
import { setBalanceMode } from "@/lib/merchants/set-balance-mode";
import { CURRENCY_CODES, fromMinor, toMinor } from "@/lib/money";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { dashboardActor, type DashboardScope } from "./scope";

export async function getBalancesPage(scope: DashboardScope) {
  return readBalances({ merchantId: scope.merchantId, environment: scope.environment });
}

const currency = z.enum(CURRENCY_CODES, { message: "Choose a supported currency." });
const amount = z.string().trim().regex(/^\d+(\.\d+)?$/, "Enter an amount such as 5000 or 12.50.");

const fundsInput = z.object({ currency, amount, category: z.enum(["collect", "payout"]).optional() });

/** Sandbox "add test funds": into the payout source wallet unless a category is chosen. */
export async function addTestFunds(scope: DashboardScope, raw: unknown): Promise<FormResult<{ currency: string; amount: number; category: string }>> {
  const parsed = fundsInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  if (scope.environment !== "sandbox") return { ok: false, code: "not_found", error: "Test funds exist only in the sandbox." };
  return toFormResult(async () => {
    const minor = toMinor(parsed.data.amount, parsed.data.currency);
    const funded = await fundSandboxWalletAndReadBalance({
      environment: scope.environment,
      merchantId: scope.merchantId,
      currency: parsed.data.currency,
      amount: minor,
      category: parsed.data.category,
    });
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

const moveInput = z.object({ currency, amount, reference: z.string().trim().max(80).optional() });

/** `separate` mode: collect → payout in one currency (insufficient_balance / invalid_state shown as is). */
export async function moveCollectToPayout(scope: DashboardScope, raw: unknown): Promise<FormResult<{ currency: string; amount: number }>> {
  const parsed = moveInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  return toFormResult(async () => {
    const minor = toMinor(parsed.data.amount, parsed.data.currency);
    const prisma = await getPrisma();
    await prisma.$transaction(async (tx) => {
      const owner = await tx.merchant.findUnique({ where: { id: scope.merchantId }, select: { id: true } });
      if (!owner) throw new AppError("not_found", "Merchant not found.");
      await moveFunds(tx, {
        environment: scope.environment,
        merchantId: scope.merchantId,
        currency: parsed.data.currency,
        amount: minor,
        reference: `dashboard:${scope.merchantId}:${parsed.data.reference || randomUUID()}`,
      });
    });
    return { currency: parsed.data.currency, amount: fromMinor(minor, parsed.data.currency) };
  });
}
