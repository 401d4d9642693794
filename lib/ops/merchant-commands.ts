import { getPrisma } from "@/lib/db/client";
import type { Plan } from "@/lib/db/generated/client";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { revokeApiKey } from "@/lib/merchants/revoke-api-key";
import { parseGraceHours, rotateApiKeys } from "@/lib/merchants/rotate-api-keys";
import { PLANS, setMerchantPlan } from "@/lib/merchants/set-plan";
import { optionalFlag, requireFlag, OpsUsageError, type OpsCommand } from "./command";
import { findMerchantByRef, listMerchants } from "@/lib/merchants/merchant-records";

function parsePlan(value: string | undefined): Plan | undefined {
  if (value === undefined) return undefined;
  if (!PLANS.includes(value as Plan)) throw new OpsUsageError(`--plan must be one of ${PLANS.join(", ")}`);
  return value as Plan;
}

/** A merchant by id (`mch_…`) or by email; a usage error when there is none. */
export async function resolveMerchantId(ref: string): Promise<string> {
  const prisma = await getPrisma();
  const merchant = await findMerchantByRef(ref, prisma);
  if (!merchant) throw new OpsUsageError(`No merchant ${ref}`);
  return merchant.id;
}

export const merchantCreate: OpsCommand = {
  name: "merchant:create",
  summary: "Create a merchant; in the sandbox print its key pair (the secret is shown only now), in production no key until merchant:verify",
  usage: "merchant:create --name <name> --email <email> [--plan standard|business|enterprise] [--password <pw>] [--json]",
  async run(args, out) {
    const { merchant, keys } = await createMerchant({
      name: requireFlag(args, "name"),
      email: requireFlag(args, "email"),
      plan: parsePlan(optionalFlag(args, "plan")),
      password: optionalFlag(args, "password"),
    });
    const base = { merchantId: merchant.id, name: merchant.name, email: merchant.email, plan: merchant.plan };
    if (!keys) {
      // Production (docs/design/environments.md): no live key before verification.
      const result = { ...base, environment: "production", verificationStatus: merchant.verificationStatus, publicKey: null, secretKey: null };
      if (args.flags.json) return void out(JSON.stringify(result, null, 2));
      out(`Created ${merchant.id} (${merchant.name}, ${merchant.plan}), ${merchant.verificationStatus}`);
      out(`  no live keys yet: verify the merchant first (merchant:verify --merchant ${merchant.id}), which issues its first live pair`);
      return;
    }
    const result = { ...base, ...keys };
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
  summary: "Rotate a merchant's API key pair; the previous pair stays valid 24 h, or --grace-hours (0 to 24)",
  usage: "keys:rotate --merchant <id|email> [--grace-hours 0..24] [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const rawGrace = optionalFlag(args, "grace-hours");
    let graceHours: number | undefined;
    try {
      graceHours = rawGrace === undefined ? undefined : parseGraceHours(rawGrace);
    } catch {
      throw new OpsUsageError("--grace-hours must be a number of hours from 0 to 24");
    }
    const rotated = await rotateApiKeys(merchantId, "ops", { graceHours });
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

export const keysRevoke: OpsCommand = {
  name: "keys:revoke",
  summary: "Revoke one API key pair at once (a leaked secret): 401 from now on, whatever its grace",
  usage: "keys:revoke --merchant <id|email> --key <pk_…> [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const publicKey = requireFlag(args, "key").trim();
    if (!/^pk_(test|live)_/.test(publicKey)) throw new OpsUsageError("--key must be the pair's public key (pk_test_… or pk_live_…)");
    const revoked = await revokeApiKey(merchantId, publicKey, "ops");
    const result = { merchantId, publicKey, revokedAt: revoked.revokedAt.toISOString(), alreadyRevoked: revoked.alreadyRevoked };
    if (args.flags.json) return void out(JSON.stringify(result, null, 2));
    out(revoked.alreadyRevoked ? `${publicKey} was already revoked at ${result.revokedAt}.` : `Revoked ${publicKey} of ${merchantId} at ${result.revokedAt}.`);
    out("This instance refuses it now; other running instances within API_KEY_CACHE_MS (5 s by default).");
  },
};

export const merchantList: OpsCommand = {
  name: "merchant:list",
  summary: "List merchants",
  usage: "merchant:list [--json]",
  async run(args, out) {
    const prisma = await getPrisma();
    const merchants = await listMerchants(500, prisma);
    if (args.flags.json) return void out(JSON.stringify(merchants, null, 2));
    for (const m of merchants) out(`${m.id}  ${m.plan.padEnd(10)} ${m.verificationStatus.padEnd(10)} ${m.email}  ${m.name}`);
  },
};
