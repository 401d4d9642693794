import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { listPurposes } from "@/lib/reference/list-purposes";
import { purposesContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(purposesContract, async ({ query }) => ({ body: { purposes: await listPurposes(query) } }));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
