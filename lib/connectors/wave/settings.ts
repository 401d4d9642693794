import { z } from "zod";

/**
 * A Wave account's non-secret settings (`connector:add --setting key=value`). One API key belongs
 * to one business wallet, in one country and currency (README.md).
 */
const flag = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());

export const WAVE_BASE_URL = "https://api.wave.com";

export const waveSettingsSchema = z
  .object({
    /** The wallet's currency (XOF in SN and CI). Wave's amounts are strings without decimals for XOF. */
    currency: z.enum(["XOF"]).default("XOF"),
    /**
     * How Wave authenticates its webhooks, as chosen in the Business Portal (README "Webhooks"):
     * `signing` (Wave-Signature, timestamped HMAC) or `shared` (Authorization: Bearer <secret>).
     */
    webhookStrategy: z.enum(["signing", "shared"]).default("signing"),
    /** How old a signed webhook may be (its `t`), in seconds: our own bound, Wave names none [L]. */
    webhookToleranceSeconds: z.coerce.number().int().min(30).max(3600).default(300),
    /** Sign our requests with SIGNING_SECRET (when the key has request signing on). */
    signRequests: flag.default(false),
    /** For aggregators: the sub-merchant every session and payout is made for. */
    aggregatedMerchantId: z.string().min(1).max(100).optional(),
  })
  .strict();

export type WaveSettings = z.infer<typeof waveSettingsSchema>;

export const WAVE_SECRET_NAMES = ["API_KEY", "WEBHOOK_SECRET", "SIGNING_SECRET"] as const;

export function waveRequiredSecrets(settings: WaveSettings): string[] {
  return ["API_KEY", "WEBHOOK_SECRET", ...(settings.signRequests ? ["SIGNING_SECRET"] : [])];
}
