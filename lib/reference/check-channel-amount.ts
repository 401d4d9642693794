import { AppError } from "@/lib/errors";
import { minorToDecimalString } from "@/lib/money";
import type { Channel } from "./catalogue-types";

/** Throws AppError `invalid_amount` when `amount` (minor units of the channel's currency) is outside its bounds. */
export function checkChannelAmount(channel: Channel, amount: bigint): void {
  const show = (minor: bigint) => `${minorToDecimalString(minor, channel.currency)} ${channel.currency}`;
  const where = `${channel.displayName} (${channel.providerCode}) in ${channel.countryCode}`;
  if (amount < channel.minAmount) {
    throw new AppError("invalid_amount", `Amount ${show(amount)} is below the minimum of ${show(channel.minAmount)} for ${where}.`);
  }
  if (amount > channel.maxAmount) {
    throw new AppError("invalid_amount", `Amount ${show(amount)} is above the maximum of ${show(channel.maxAmount)} for ${where}.`);
  }
}
