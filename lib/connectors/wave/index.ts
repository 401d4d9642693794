import type { Connector } from "../connector";
import { parseWaveCallback } from "./callbacks";
import { checkHealth, checkStatus, createPayout, createSession, refundSession } from "./client";
import { WAVE_WALLET, waveFloat } from "./balance";
import { listWaveTransactions, waveFeesTaken } from "./transactions";
import { WAVE_BASE_URL, WAVE_SECRET_NAMES, waveRequiredSecrets, waveSettingsSchema, type WaveSettings } from "./settings";

/**
 * Wave (SN, CI; README.md): collections through a checkout session (a redirect: the customer
 * pays on Wave's launch URL and comes back), full refunds of a session, payouts under an
 * Idempotency-Key, webhooks verified with Wave's timestamped HMAC. See README.md.
 */
export const waveConnector: Connector<WaveSettings> = {
  type: "wave",
  capabilities: { collect: "redirect", payout: true, refund: true, signedCallbacks: true, uuidReference: false, partialRefund: false },
  settingsSchema: waveSettingsSchema,
  serves: { providers: ["wave"] },
  market: (s) => ({ currency: { code: s.currency, setting: "currency" } }),
  secretNames: WAVE_SECRET_NAMES,
  requiredSecretsFor: waveRequiredSecrets,
  defaultBaseUrl: WAVE_BASE_URL,
  collect: createSession,
  payout: createPayout,
  refund: refundSession,
  status: checkStatus,
  parseCallback: async (context, callback) => parseWaveCallback(context, callback),
  checkHealth,
  reconciliation: {
    // A refund's "status" sends the repeat-safe refund again: reconciliation reads refunds from the list instead.
    readableStatus: ["collect", "payout"],
    listTransactions: listWaveTransactions,
    // GET /v1/balance: the key's one business wallet, which every order of the account moves;
    // the fees Wave takes from it are read from GET /v1/transactions (README "Balance").
    floats: {
      read: (context) => waveFloat(context),
      walletOf: () => WAVE_WALLET,
      fees: async (context, window) => (await waveFeesTaken(context, window)).map((f) => ({ wallet: WAVE_WALLET, ...f })),
    },
  },
};

export type { WaveSettings } from "./settings";
