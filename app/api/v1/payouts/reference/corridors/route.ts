import { defineRoute } from "@/lib/http/define-route";
import { listCorridors } from "@/lib/reference/list-corridors";
import { corridorsContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(corridorsContract, async ({ query }) => ({ body: { corridors: await listCorridors(query) } }));
