import { defineRoute } from "@/lib/http/define-route";
import { listPurposes } from "@/lib/reference/list-purposes";
import { purposesContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(purposesContract, async ({ query }) => ({ body: { purposes: await listPurposes(query) } }));
