import { GET as getBulkRoute } from "@/app/api/v1/payouts/bulk/[bulkId]/route";
import { GET as listBulksRoute, POST as createBulkRoute } from "@/app/api/v1/payouts/bulk/route";
import { call } from "./http";
import { recipient } from "./payouts";

/** A legacy bulk item: amount XOF to an Orange SN wallet (the phone's last digits pick the sandbox outcome). */
export const legacyItem = (overrides: Record<string, unknown> = {}) => ({
  amount: 10_000,
  method: "MOBILE_MONEY",
  mobileWallet: { provider: "orange" },
  recipient: recipient(),
  ...overrides,
});

export const createBulk = (headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) =>
  call(createBulkRoute, { path: "/payouts/bulk", headers: { ...headers, ...extra }, body });
export const getBulk = (headers: Record<string, string>, bulkId: string) => call(getBulkRoute, { path: `/payouts/bulk/${bulkId}`, headers, params: { bulkId } });
export const listBulks = (headers: Record<string, string>, query = "") => call(listBulksRoute, { path: `/payouts/bulk${query}`, headers });
