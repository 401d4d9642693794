import { getPrisma } from "@/lib/db/client";
import type { Plan } from "@/lib/db/generated/client";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { rotateApiKeys } from "@/lib/merchants/rotate-api-keys";
import { PLANS, setMerchantPlan } from "@/lib/merchants/set-plan";
import { optionalFlag, requireFlag, OpsUsageError, type OpsCommand } from "./command";

function parsePlan(value: string | undefined): Plan | undefined {
  if (value === undefined) return undefined;
  if (!PLANS.includes(value as Plan)) throw new OpsUsageError(`--plan must be one of ${PLANS.join(", ")}`);
  return value as Plan;
}

/** A merchant by id (`mch_…`) or by email; a usage error when there is none. */
export async function resolveMerchantId(ref: string): Promise<string> {
  const prisma = await getPrisma();
  const merchant = await prisma.merchant.findFirst({ where: ref.includes("@") ? { email: ref.toLowerCase() } : { id: ref } });
  if (!merchant) throw new OpsUsageError(`No merchant ${ref}`);
  return merchant.id;
}

export const merchantCreate: OpsCommand = {
  name: "merchant:create",
  summary: "Create a merchant and print its key pair (the secret is shown only now)",
  usage: "merchant:create --name <name> --email <email> [--plan standard|business|enterprise] [--password <pw>] [--json]",
  async run(args, out) {
    const { merchant, keys } = await createMerchant({
      name: requireFlag(args, "name"),
      email: requireFlag(args, "email"),
      plan: parsePlan(optionalFlag(args, "plan")),
      password: optionalFlag(args, "password"),
    });
    const result = { merchantId: merchant.id, name: merchant.name, email: merchant.email, plan: merchant.plan, ...keys };
    if (args.flags.json) out(JSON.stringify(result, null, 2));
    else {
      out(`Created ${merchant.id} (${merchant.name}, ${merchant.plan})`);
      out(`  public key  ${keys.publicKey}`);
      out(`  secret key  ${keys.secretKey}   <- shown once, store it now`);
    }
  },
};

export const merchantSetPlan: OpsCommand = {
  name: "merchant:set-plan",
  summary: "Change a merchant's plan (rate limit 100 / 1000 / unlimited per minute)",
  usage: "merchant:set-plan --merchant <id|email> --plan standard|business|enterprise",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const merchant = await setMerchantPlan(merchantId, parsePlan(requireFlag(args, "plan"))!, "ops");
    out(`${merchant.id} is now on the ${merchant.plan} plan`);
  },
};

export const keysRotate: OpsCommand = {
  name: "keys:rotate",
  summary: "Rotate a merchant's API key pair; the previous pair stays valid 24 h",
  usage: "keys:rotate --merchant <id|email> [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const rotated = await rotateApiKeys(merchantId, "ops");
    const result = { merchantId, ...rotated, previousValidUntil: rotated.previousValidUntil.toISOString() };
    if (args.flags.json) out(JSON.stringify(result, null, 2));
    else {
      out(`New key pair for ${merchantId}:`);
      out(`  public key  ${rotated.publicKey}`);
      out(`  secret key  ${rotated.secretKey}   <- shown once, store it now`);
      out(`The previous pair stops working at ${result.previousValidUntil}.`);
    }
  },
};

export const merchantList: OpsCommand = {
  name: "merchant:list",
  summary: "List merchants",
  usage: "merchant:list [--json]",
  async run(args, out) {
    const prisma = await getPrisma();
    const merchants = await prisma.merchant.findMany({ orderBy: { createdAt: "asc" }, take: 500 });
    if (args.flags.json) return void out(JSON.stringify(merchants, null, 2));
    for (const m of merchants) out(`${m.id}  ${m.plan.padEnd(10)} ${m.verificationStatus.padEnd(10)} ${m.email}  ${m.name}`);
  },
};
