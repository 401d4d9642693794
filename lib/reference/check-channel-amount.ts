import { AppError } from "@/lib/errors";
import { minorPerMajor, minorToDecimalString } from "@/lib/money";
import type { Channel } from "./catalogue-types";

type AmountChannel = Pick<Channel, "providerCode" | "countryCode" | "currency" | "displayName" | "minAmount" | "maxAmount" | "wholeUnits">;

/** Minor units in one major unit of the channel's currency (100 for KES). */
const unitOf = (channel: Pick<Channel, "currency">) => minorPerMajor(channel.currency);

/** Whether `amount` (minor units) has cents the channel does not take (wholeUnits). */
export const hasRefusedCents = (channel: Pick<Channel, "currency" | "wholeUnits">, amount: bigint) => channel.wholeUnits && amount % unitOf(channel) !== 0n;

/** Whether the channel takes exactly this amount: within its bounds, and whole where it takes whole units only. */
export const channelTakes = (channel: AmountChannel, amount: bigint) =>
  amount >= channel.minAmount && amount <= channel.maxAmount && !hasRefusedCents(channel, amount);

/**
 * Throws AppError `invalid_amount` (400) when `amount` (minor units of the channel's currency) is
 * outside its bounds, or has cents on a channel that takes whole units only; the latter names
 * `field` and the rule in `details`, and the two whole amounts around it.
 */
export function checkChannelAmount(channel: AmountChannel, amount: bigint, field = "amount"): void {
  const show = (minor: bigint) => `${minorToDecimalString(minor, channel.currency)} ${channel.currency}`;
  const where = `${channel.displayName} (${channel.providerCode}) in ${channel.countryCode}`;
  if (amount < channel.minAmount) {
    throw new AppError("invalid_amount", `Amount ${show(amount)} is below the minimum of ${show(channel.minAmount)} for ${where}.`);
  }
  if (amount > channel.maxAmount) {
    throw new AppError("invalid_amount", `Amount ${show(amount)} is above the maximum of ${show(channel.maxAmount)} for ${where}.`);
  }
  checkWholeUnits(channel, amount, field);
}

/** The whole-units rule alone (a caller that checks the bounds elsewhere, or later). */
export function checkWholeUnits(channel: Pick<AmountChannel, "providerCode" | "countryCode" | "currency" | "displayName" | "wholeUnits">, amount: bigint, field = "amount"): void {
  if (!hasRefusedCents(channel, amount)) return;
  const unit = unitOf(channel);
  const down = amount / unit;
  throw new AppError(
    "invalid_amount",
    `Amount ${minorToDecimalString(amount, channel.currency)} ${channel.currency} has cents, but ${channel.displayName} (${channel.providerCode}) in ${channel.countryCode} takes whole ${channel.currency} only: send ${down} or ${down + 1n}.`,
    { details: [{ path: field, message: wholeUnitsRule(channel) }] },
  );
}

/** The rule as a `details` message: the currency, the channel, and the catalogue's field name. */
export const wholeUnitsRule = (channel: Pick<Channel, "currency" | "displayName" | "countryCode">) =>
  `must be a whole number of ${channel.currency} for ${channel.displayName} in ${channel.countryCode} (wholeUnits)`;
