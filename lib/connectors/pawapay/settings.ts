import { z } from "zod";

/**
 * A pawaPay account's non-secret settings (`connector:add --setting key=value`). Values may
 * arrive as the strings the CLI passes, so booleans and numbers are read from "true"/"300" too.
 */
const flag = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());

/** `CI:mtn=MTN_MOMO_CIV,SN:orange=ORANGE_SEN` (CLI) or `{ "CI:mtn": "MTN_MOMO_CIV" }`. */
const providerCodes = z.preprocess(
  (v) =>
    typeof v === "string"
      ? Object.fromEntries(
          v
            .split(",")
            .map((pair) => pair.trim())
            .filter(Boolean)
            .map((pair) => pair.split("=").map((s) => s.trim())),
        )
      : v,
  z.record(z.string().regex(/^[A-Z]{2}:[a-z_]+$/, "keys are COUNTRY:provider, e.g. CI:mtn"), z.string().regex(/^[A-Z][A-Z0-9_]+$/, "pawaPay provider codes look like MTN_MOMO_CIV")),
);

export const pawapaySettingsSchema = z
  .object({
    /** Refuse unsigned callbacks (turn on together with callback signing in pawaPay's dashboard). */
    requireSignedCallbacks: flag.default(false),
    /** Sign deposit/payout/refund requests with REQUEST_SIGNING_KEY (when the account enforces it). */
    signRequests: flag.default(false),
    /**
     * How our ECDSA request signatures are laid out: `der` as pawaPay's own Node example signs
     * (`crypto.createSign`), or `raw` r‖s as RFC 9421 says. Unconfirmed which pawaPay's verifier
     * takes (README.md): DER until a sandbox run says otherwise.
     */
    requestSignatureEncoding: z.enum(["der", "raw"]).default("der"),
    /** The key id our request signatures carry (`keyid`), as registered with pawaPay. */
    requestKeyId: z.string().min(1).max(200).default("default"),
    /** Our (country, provider) → pawaPay provider code, ahead of active-conf and the fallback table. */
    providerCodes: providerCodes.optional(),
    /** How old a signed callback may be (its `created` and Signature-Date), in seconds. */
    callbackMaxAgeSeconds: z.coerce.number().int().min(30).max(86_400).default(300),
  })
  .strict();

export type PawapaySettings = z.infer<typeof pawapaySettingsSchema>;
