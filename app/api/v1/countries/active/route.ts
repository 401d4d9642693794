import { defineRoute } from "@/lib/http/define-route";
import { listActiveCountries } from "@/lib/reference/list-active-countries";
import { activeCountriesContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(activeCountriesContract, async () => ({ body: await listActiveCountries() }));
