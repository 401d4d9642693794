import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { listActiveCountries } from "@/lib/reference/list-active-countries";
import { activeCountriesContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(activeCountriesContract, async () => ({ body: await listActiveCountries() }));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
