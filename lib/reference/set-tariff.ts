import { getPrisma, type Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { collectTariffId, payoutTariffId } from "./catalogue-ids";
import { parsePercentInput } from "./decimal-input";
import { invalidateReferenceCache } from "./get-catalogue";
import { isProviderCode, PROVIDER_CODES } from "./provider-codes";

/**
 * Creates or replaces a fee tariff row (operator tool): the default one, or a merchant's own
 * override when `merchantId` is given. Payout tariff amounts are whole XOF.
 */
export type SetPayoutTariffInput = {
  merchantId?: string;
  method: string;
  type: string;
  scope: string;
  percent: string;
  minimumXof?: string;
  flatXof?: string;
};

/**
 * How a tariff setter checks that the merchant of an override exists: findMerchantRow of
 * lib/merchants/merchant-records.ts, handed in by the caller (lib/merchants owns the table and
 * sits above this folder).
 */
export type FindMerchant = (merchantId: string, db?: Db) => Promise<object | null>;

export async function setPayoutTariff(input: SetPayoutTariffInput, findMerchant: FindMerchant, db?: Db) {
  const prisma = db ?? (await getPrisma());
  const merchantId = await checkMerchant(prisma, input.merchantId, findMerchant);
  const method = input.method.trim().toLowerCase();
  if (method !== "mobile_money" && !isProviderCode(method)) {
    throw new AppError("validation_error", `method must be mobile_money or a provider code (${PROVIDER_CODES.join(", ")}), got "${method}".`);
  }
  if (input.type !== "c2c" && input.type !== "b2b") throw new AppError("validation_error", `type must be c2c or b2b, got "${input.type}".`);
  if (input.scope !== "domestic" && input.scope !== "international") {
    throw new AppError("validation_error", `scope must be domestic or international, got "${input.scope}".`);
  }
  const data = {
    merchantId,
    method,
    type: input.type,
    scope: input.scope,
    percent: parsePercentInput(input.percent),
    minimumXof: wholeXof(input.minimumXof, "minimum"),
    flatXof: wholeXof(input.flatXof, "flat"),
  } as const;
  const id = payoutTariffId(merchantId, method, input.type, input.scope);
  const tariff = await prisma.payoutFeeTariff.upsert({ where: { id }, create: { id, ...data }, update: data });
  invalidateReferenceCache();
  return tariff;
}

export async function setCollectTariff(input: { merchantId?: string; provider: string; percent: string }, findMerchant: FindMerchant, db?: Db) {
  const prisma = db ?? (await getPrisma());
  const merchantId = await checkMerchant(prisma, input.merchantId, findMerchant);
  const provider = input.provider.trim().toLowerCase();
  if (!isProviderCode(provider)) throw new AppError("validation_error", `Unknown provider "${provider}". Valid codes: ${PROVIDER_CODES.join(", ")}.`);
  const percent = parsePercentInput(input.percent);
  const id = collectTariffId(merchantId, provider);
  const tariff = await prisma.collectFeeTariff.upsert({
    where: { id },
    create: { id, merchantId, providerCode: provider, percent },
    update: { percent },
  });
  invalidateReferenceCache();
  return tariff;
}

async function checkMerchant(prisma: Db, merchantId: string | undefined, findMerchant: FindMerchant): Promise<string | null> {
  if (merchantId === undefined) return null;
  if (!(await findMerchant(merchantId, prisma))) throw new AppError("not_found", `No merchant ${merchantId}.`);
  return merchantId;
}

function wholeXof(value: string | undefined, what: string): bigint {
  if (value === undefined) return 0n;
  if (!/^\d{1,15}$/.test(value.trim())) throw new AppError("invalid_amount", `${what} must be a whole number of XOF, got "${value}".`);
  return BigInt(value.trim());
}
