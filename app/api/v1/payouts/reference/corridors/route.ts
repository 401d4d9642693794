import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { listCorridors } from "@/lib/reference/list-corridors";
import { corridorsContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(corridorsContract, async ({ query }) => ({ body: { corridors: await listCorridors(query) } }));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
