import { randomBytes } from "node:crypto";
import { signUp } from "@/lib/dashboard/sign-up";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { getPrisma } from "@/lib/db/client";

/** A merchant signed up through the dashboard, and the scope its session would carry. */
export async function signedUpMerchant() {
  const email = `dash-${randomBytes(5).toString("hex")}@test.local`;
  const password = "correct horse battery";
  const result = await signUp({ businessName: "Boutique Test", email, password });
  if (!result.ok) throw new Error(result.error);
  if (result.data.outcome !== "created") throw new Error("expected a new account");
  const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { email } });
  const scope: DashboardScope = { userId: user.id, email, merchantId: result.data.merchantId, environment: "sandbox" };
  const keys = result.data.keys!;
  return { scope, email, password, keys, headers: { "X-API-Key": `${keys.publicKey}:${keys.secretKey}` } };
}
