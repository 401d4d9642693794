import type { AppEnvironment } from "@/lib/config";
import { getRoute } from "@/lib/connectors/get-route";
import { AppError, isAppError } from "@/lib/errors";
import { assertPhoneMatchesProvider, type Channel, checkChannelAmount, collectFee, getChannel, validatePhone } from "@/lib/reference";

/**
 * The one rule for what a collect is paid with: a provider and the customer's number, checked
 * against the catalogue, the routes and the numbering plans. POST /payments/initiate asks it for a
 * direct payment; the hosted checkout asks it when the customer picks a method, so a method the
 * API would refuse is refused on the page too, for the same reason
 * (docs/design/order-lifecycle.md, docs/design/provider-prediction.md).
 *
 * The rules, in the order they answer (the first broken one is the refusal):
 * 1. `provider`: the provider's collect channel in the country and currency exists and is on
 *    (getChannel: unknown code, not offered there, switched off);
 * 2. `amount`: the amount is within the channel's bounds, and whole where the channel takes no
 *    cents (checkChannelAmount);
 * 3. `provider`: a usable route serves the provider in this environment (getRoute);
 * 4. `phone`: the number is E.164 of the country (validatePhone);
 * 5. `phone_operator`: no other operator holds the number (assertPhoneMatchesProvider).
 * A refusal carries the API's error, as POST /payments/initiate answers it (the number's field is
 * `customerPhone`); a caller with its own words (the checkout's messages) maps the rule.
 */
export type CollectMethodRequest = {
  environment: AppEnvironment;
  merchantId: string;
  country: string;
  currency: string;
  /** Minor units of `currency`. */
  amount: bigint;
  provider: string;
  phone: unknown;
};

export type CollectMethod = {
  provider: string;
  channel: Channel;
  /** The number, E.164. */
  phone: string;
  fee: bigint;
  /** The provider's connector collects by sending the customer to the operator's page (Wave, Orange WebPay). */
  redirectFlow: boolean;
};

export type CollectMethodRule = "provider" | "amount" | "phone" | "phone_operator";

export type CollectMethodChoice = ({ ok: true } & CollectMethod) | { ok: false; rule: CollectMethodRule; error: AppError };

export async function chooseCollectMethod(request: CollectMethodRequest): Promise<CollectMethodChoice> {
  const { environment, merchantId, country, currency, amount, provider } = request;
  let channel: Channel;
  try {
    channel = await getChannel(provider, country, currency, "collect");
  } catch (err) {
    return refused("provider", err);
  }
  try {
    checkChannelAmount(channel, amount);
  } catch (err) {
    return refused("amount", err);
  }
  const route = await getRoute(environment, country, provider, "collect");
  if (!route.available) {
    return { ok: false, rule: "provider", error: new AppError("provider_unavailable", `Provider ${provider} is not available in this environment yet.`) };
  }
  const check = await validatePhone(country, request.phone);
  if (!check.ok) return { ok: false, rule: "phone", error: new AppError("invalid_phone", check.reason, { details: [{ path: "customerPhone", message: check.reason }] }) };
  try {
    await assertPhoneMatchesProvider(country, check.e164, provider, "customerPhone");
  } catch (err) {
    return refused("phone_operator", err);
  }
  const { fee } = await collectFee({ amount, provider, merchantId });
  return { ok: true, provider, channel, phone: check.e164, fee, redirectFlow: route.connector.capabilities.collect === "redirect" };
}

/** A rule's refusal: the AppError its check threw; anything else is not a refusal and goes on up. */
function refused(rule: CollectMethodRule, err: unknown): CollectMethodChoice {
  if (!isAppError(err)) throw err;
  return { ok: false, rule, error: err };
}
