import { getPrisma, type Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isCurrency, minorToDecimalString, toMinor, type CurrencyCode } from "@/lib/money";
import { channelId } from "./catalogue-ids";
import type { Direction } from "./catalogue-types";
import { invalidateReferenceCache } from "./get-catalogue";
import { isProviderCode, PROVIDER_CODES } from "./provider-codes";

/**
 * Creates or edits a channel (operator tool). Bounds are given in major units ("1000",
 * "2.50") and stored in minor units; a new channel needs both; min must stay below max.
 */
export type SetChannelInput = {
  provider: string;
  country: string;
  currency: string;
  direction: string;
  min?: string;
  max?: string;
  active?: boolean;
  priority?: number;
  displayName?: string;
  /** Whole units only (the operator takes no cents in this currency); default false for a new channel. */
  wholeUnits?: boolean;
};

export async function setChannel(input: SetChannelInput, db?: Db) {
  const prisma = db ?? (await getPrisma());
  const provider = input.provider.trim().toLowerCase();
  const country = input.country.trim().toUpperCase();
  const currency = input.currency.trim().toUpperCase();
  const direction = input.direction.trim().toLowerCase();
  if (!isProviderCode(provider)) throw new AppError("validation_error", `Unknown provider "${provider}". Valid codes: ${PROVIDER_CODES.join(", ")}.`);
  if (direction !== "collect" && direction !== "payout") throw new AppError("validation_error", `direction must be collect or payout, got "${direction}".`);
  if (!isCurrency(currency)) throw new AppError("invalid_currency", `Unsupported currency: ${currency}`);
  if (!(await prisma.country.findUnique({ where: { code: country } }))) throw new AppError("invalid_country", `Unknown country ${country}.`);
  const providerRow = await prisma.paymentProvider.findUnique({ where: { code: provider } });
  if (!providerRow) throw new AppError("validation_error", `Provider ${provider} is not in the catalogue yet (start the server once to seed it).`);
  if (input.priority !== undefined && (!Number.isInteger(input.priority) || input.priority < 0)) {
    throw new AppError("validation_error", "priority must be a non-negative integer.");
  }

  const bound = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    try {
      return toMinor(value, currency as CurrencyCode);
    } catch (err) {
      throw new AppError("invalid_amount", `--${name}: ${(err as Error).message}`);
    }
  };
  const min = bound(input.min, "min");
  const max = bound(input.max, "max");
  const where = { providerCode_countryCode_currency_direction: { providerCode: provider, countryCode: country, currency, direction: direction as Direction } };
  const existing = await prisma.paymentChannel.findUnique({ where });
  if (!existing && (min === undefined || max === undefined)) throw new AppError("validation_error", "A new channel needs both --min and --max.");
  const finalMin = min ?? existing!.minAmount;
  const finalMax = max ?? existing!.maxAmount;
  if (finalMin >= finalMax) {
    throw new AppError(
      "invalid_amount",
      `min (${minorToDecimalString(finalMin, currency)}) must be below max (${minorToDecimalString(finalMax, currency)}) ${currency}.`,
    );
  }
  const changes = {
    minAmount: finalMin,
    maxAmount: finalMax,
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.priority !== undefined ? { priority: input.priority } : {}),
    ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
    ...(input.wholeUnits !== undefined ? { wholeUnits: input.wholeUnits } : {}),
  };
  // A new channel ranks like the provider's other channels unless told otherwise.
  const sibling = existing ? null : await prisma.paymentChannel.findFirst({ where: { providerCode: provider }, orderBy: { priority: "asc" } });
  const channel = existing
    ? await prisma.paymentChannel.update({ where, data: changes })
    : await prisma.paymentChannel.create({
        data: {
          id: channelId(provider, country, currency, direction),
          providerCode: provider,
          countryCode: country,
          currency,
          direction: direction as Direction,
          displayName: providerRow.name,
          logoPath: providerRow.logoPath,
          color: providerRow.color,
          priority: sibling?.priority ?? 100,
          ...changes,
        },
      });
  invalidateReferenceCache();
  return { channel, created: !existing };
}
