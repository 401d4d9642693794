import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { settleSandboxNow } from "@/lib/ledger";
import { settleSandboxContract } from "./contract";

export const dynamic = "force-dynamic";

export const POST = defineRoute(settleSandboxContract, async ({ auth }) => ({ body: { success: true, data: await settleSandboxNow(auth) } }));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
