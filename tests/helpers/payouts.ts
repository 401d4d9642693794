import { POST as cancelRoute } from "@/app/api/v1/payouts/[payoutId]/cancel/route";
import { POST as initiateRoute } from "@/app/api/v1/payouts/initiate/route";
import { GET as limitsRoute } from "@/app/api/v1/payouts/limits/route";
import { POST as quoteRoute } from "@/app/api/v1/payouts/quote/route";
import { GET as statusRoute } from "@/app/api/v1/payouts/status/[payoutId]/route";
import { getPrisma } from "@/lib/db/client";
import { call } from "./http";
import { pollOrder, submitOrder } from "@/lib/orders/orders";

export const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  amount: 10_000,
  currency: "XOF",
  destinationCountry: "SN",
  method: "orange",
  ...overrides,
});

export const recipient = (phone = "+221770000012") => ({ phone, name: "Awa Diop" });

/** A complete international sender (identity valid for years). */
export const sender = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Moussa",
  lastName: "Ndiaye",
  address: "12 rue Carnot, Dakar",
  dateOfBirth: "1985-04-12",
  nationality: "SN",
  identity: { type: "passport", number: "A1234567", issuingCountry: "SN", issueDate: "2020-01-15", expiryDate: "2035-01-14" },
  ...overrides,
});

export const intlRecipient = (overrides: Record<string, unknown> = {}) => ({ firstName: "Jean", lastName: "Dupont", nationality: "FR", ...overrides });

/** A valid French IBAN (mod-97 checks) and BIC. */
export const frenchBank = (overrides: Record<string, unknown> = {}) => ({
  accountNumber: "FR1420041010050500013M02606",
  swiftBic: "BNPAFRPPXXX",
  bankName: "BNP Paribas",
  bankBranch: "Paris Opéra",
  bankAddress: "16 boulevard des Italiens, 75009 Paris",
  ...overrides,
});

export const quote = (headers: Record<string, string>, body: Record<string, unknown>, extra: Record<string, string> = {}) =>
  call(quoteRoute, { path: "/payouts/quote", headers: { ...headers, ...extra }, body });
export const initiate = (headers: Record<string, string>, body: Record<string, unknown>, extra: Record<string, string> = {}) =>
  call(initiateRoute, { path: "/payouts/initiate", headers: { ...headers, ...extra }, body });
export const status = (headers: Record<string, string>, payoutId: string) =>
  call(statusRoute, { path: `/payouts/status/${payoutId}`, headers, params: { payoutId } });
export const cancel = (headers: Record<string, string>, payoutId: string) =>
  call(cancelRoute, { method: "POST", path: `/payouts/${payoutId}/cancel`, headers, params: { payoutId } });
export const limits = (headers: Record<string, string>) => call(limitsRoute, { path: "/payouts/limits", headers });

/** Quote then initiate with that quote; returns both responses. */
export async function quoteAndInitiate(headers: Record<string, string>, q: Record<string, unknown>, beneficiary: Record<string, unknown>) {
  const qr = await quote(headers, q);
  if (qr.status !== 200) return { quote: qr, payout: qr };
  const pr = await initiate(headers, { quoteId: qr.json.quoteId, ...beneficiary });
  return { quote: qr, payout: pr };
}

/** Runs the payout's provider jobs the way the runner would: submit, then poll to a final state. */
export async function driveToFinal(payoutId: string, maxPolls = 5) {
  await submitOrder(payoutId);
  for (let i = 0; i < maxPolls; i++) {
    const p = await (await getPrisma()).payout.findUniqueOrThrow({ where: { id: payoutId } });
    if (p.status !== "processing") return p;
    await pollOrder(payoutId);
  }
  return (await getPrisma()).payout.findUniqueOrThrow({ where: { id: payoutId } });
}

export async function payoutEventTypes(merchantId: string, payoutId: string): Promise<string[]> {
  const events = await (await getPrisma()).webhookEvent.findMany({ where: { merchantId, transactionId: payoutId }, orderBy: [{ createdAt: "asc" }, { seq: "asc" }] });
  return events.map((e) => e.type);
}
