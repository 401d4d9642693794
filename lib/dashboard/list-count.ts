import { MAX_PAGE_OFFSET } from "@/lib/http/pagination";

/**
 * The dashboard's lists count matching rows up to the deepest row a page number reaches and then
 * say "10,000+": an exact count of a merchant's million payments cost 200 ms per page
 * view. Deeper than that, the filters (dates) narrow the list, as the page error already says.
 */
export const DASHBOARD_COUNT_UP_TO = MAX_PAGE_OFFSET + 1;
