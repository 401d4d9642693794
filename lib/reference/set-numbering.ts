import { getPrisma, type Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { invalidateReferenceCache } from "./get-catalogue";
import { MOBILE_MONEY_CODES } from "./provider-codes";

/**
 * Operator edits of the numbering plans (ops `numbering:*`, docs/design/provider-prediction.md). Renumberings and new
 * allocations reach us as regulator notices: ops records them here, with who changed what.
 * Every change invalidates this process's catalogue; running servers see it within the cache TTL.
 */
const CONFIDENCE = ["high", "medium", "low"] as const;

async function planCountry(db: Db, code: string) {
  const country = code.trim().toUpperCase();
  const row = await db.country.findUnique({ where: { code: country }, include: { numberingPlan: true } });
  if (!row) throw new AppError("invalid_country", `Unknown country ${country}.`);
  return row;
}

function checkPrefix(prefix: string, nationalNumberLength: number): string {
  const p = prefix.trim();
  if (!new RegExp(`^\\d{1,${nationalNumberLength - 1}}$`).test(p)) {
    throw new AppError("validation_error", `--prefix must be 1 to ${nationalNumberLength - 1} digits of the national number (after the calling code), got "${prefix}".`);
  }
  return p;
}

/** Creates or edits a country's plan: trunk prefix, source, confidence, portability (a new plan needs a source). */
export async function setNumberingPlan(
  input: { country: string; trunkPrefix?: string | null; source?: string; confidence?: string; portability?: boolean; by?: string },
  db?: Db,
) {
  const prisma = db ?? (await getPrisma());
  const country = await planCountry(prisma, input.country);
  if (input.confidence !== undefined && !(CONFIDENCE as readonly string[]).includes(input.confidence)) {
    throw new AppError("validation_error", `--confidence must be one of ${CONFIDENCE.join(", ")}.`);
  }
  if (input.trunkPrefix && !/^\d{1,2}$/.test(input.trunkPrefix)) throw new AppError("validation_error", "--trunk must be 1 or 2 digits, or none.");
  if (!country.numberingPlan && !input.source?.trim()) throw new AppError("validation_error", `${country.code} has no plan yet: give its --source.`);
  const changes = {
    ...(input.trunkPrefix !== undefined ? { trunkPrefix: input.trunkPrefix || null } : {}),
    ...(input.source?.trim() ? { source: input.source.trim() } : {}),
    ...(input.confidence ? { confidence: input.confidence } : {}),
    ...(input.portability !== undefined ? { portability: input.portability } : {}),
    updatedBy: input.by ?? "ops",
  };
  const plan = country.numberingPlan
    ? await prisma.numberingPlan.update({ where: { countryCode: country.code }, data: changes })
    : await prisma.numberingPlan.create({ data: { countryCode: country.code, source: input.source!.trim(), confidence: input.confidence ?? "medium", ...changes } });
  invalidateReferenceCache();
  return plan;
}

/** Gives a prefix to an operator (and its provider code, if we serve it); replaces its owner. */
export async function setNumberingPrefix(
  input: { country: string; prefix: string; operator: string; provider?: string | null; by?: string },
  db?: Db,
) {
  const prisma = db ?? (await getPrisma());
  const country = await planCountry(prisma, input.country);
  if (!country.numberingPlan) throw new AppError("validation_error", `${country.code} has no numbering plan: create it first with numbering:plan --country ${country.code} --source "…".`);
  const prefix = checkPrefix(input.prefix, country.nationalNumberLength);
  const operatorName = input.operator.trim();
  if (!operatorName) throw new AppError("validation_error", "--operator is required (the network's name, e.g. Orange).");
  const provider = input.provider?.trim().toLowerCase() || null;
  if (provider) {
    if (!(MOBILE_MONEY_CODES as readonly string[]).includes(provider)) {
      throw new AppError("validation_error", `--provider must be a mobile-money code (${MOBILE_MONEY_CODES.join(", ")}), or omitted for an operator we do not serve.`);
    }
    if (provider === "wave" || provider === "coris") {
      throw new AppError("validation_error", `${provider} holds no numbers of its own (its wallets sit on any mobile number): it cannot own a prefix.`);
    }
  }
  const previous = await prisma.numberingPrefix.findUnique({ where: { countryCode_prefix: { countryCode: country.code, prefix } } });
  const data = { operatorName, providerCode: provider, updatedBy: input.by ?? "ops" };
  const row = await prisma.numberingPrefix.upsert({
    where: { countryCode_prefix: { countryCode: country.code, prefix } },
    update: data,
    create: { countryCode: country.code, prefix, ...data },
  });
  invalidateReferenceCache();
  return { row, previous };
}

/** Removes a prefix; its numbers then have no known owner (predict: 404; initiate: let through). */
export async function removeNumberingPrefix(input: { country: string; prefix: string }, db?: Db) {
  const prisma = db ?? (await getPrisma());
  const country = await planCountry(prisma, input.country);
  const prefix = input.prefix.trim();
  const { count } = await prisma.numberingPrefix.deleteMany({ where: { countryCode: country.code, prefix } });
  if (count === 0) throw new AppError("not_found", `${country.code} has no prefix "${prefix}".`);
  invalidateReferenceCache();
  return { country: country.code, prefix };
}
