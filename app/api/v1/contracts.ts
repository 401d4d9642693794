import type { RouteContract } from "@/lib/http/contract";
import { connectorCallbackContract, connectorCallbackPutContract } from "./connectors/[accountId]/callback/contract";
import { activeCountriesContract } from "./countries/active/contract";
import { healthContract } from "./health/contract";
import { openApiContract } from "./openapi.json/contract";
import { cancelPaymentContract } from "./payments/[transactionId]/cancel/contract";
import { refundPaymentContract } from "./payments/[transactionId]/refund/contract";
import { balanceContract } from "./payments/balance/contract";
import { balanceTransactionsContract } from "./payments/balance/transactions/contract";
import { initiatePaymentContract } from "./payments/initiate/contract";
import { paymentProvidersContract } from "./payments/providers/contract";
import { publicPaymentStatusContract } from "./payments/public/status/[transactionId]/contract";
import { paymentStatusContract } from "./payments/status/[transactionId]/contract";
import { listTransactionsContract } from "./payments/transactions/contract";
import { transactionDetailContract } from "./payments/transactions/[transactionId]/contract";
import { cancelPayoutContract } from "./payouts/[payoutId]/cancel/contract";
import { getBulkPayoutContract } from "./payouts/bulk/[bulkId]/contract";
import { createBulkPayoutContract, listBulkPayoutsContract } from "./payouts/bulk/contract";
import { initiatePayoutContract } from "./payouts/initiate/contract";
import { payoutLimitsContract } from "./payouts/limits/contract";
import { payoutQuoteContract } from "./payouts/quote/contract";
import { payoutStatusContract } from "./payouts/status/[payoutId]/contract";
import { corridorsContract } from "./payouts/reference/corridors/contract";
import { purposesContract } from "./payouts/reference/purposes/contract";
import { deactivatePaymentLinkContract } from "./payment-links/[paymentLinkId]/deactivate/contract";
import { getPaymentLinkContract } from "./payment-links/[paymentLinkId]/contract";
import { createPaymentLinkContract, listPaymentLinksContract } from "./payment-links/contract";
import { paymentMethodsContract } from "./providers/payment-methods/contract";
import { predictProviderContract } from "./providers/predict/contract";
import { settleSandboxContract } from "./sandbox/settle/contract";
import { fundWalletContract } from "./sandbox/wallets/fund/contract";
import { getWebhookEventContract } from "./webhooks/events/[eventId]/contract";
import { resendWebhookEventContract } from "./webhooks/events/[eventId]/resend/contract";
import { listWebhookEventsContract } from "./webhooks/events/contract";
import { getWebhookEndpointContract, rotateWebhookSecretContract, setWebhookEndpointContract } from "./webhooks/endpoint/contract";

/**
 * Every route contract under /api/v1, in the order the reference shows them. A test checks
 * that each route.ts file has its contract here.
 */
export const contracts: RouteContract[] = [
  initiatePaymentContract,
  paymentStatusContract,
  publicPaymentStatusContract,
  listTransactionsContract,
  transactionDetailContract,
  cancelPaymentContract,
  refundPaymentContract,
  paymentProvidersContract,
  createPaymentLinkContract,
  listPaymentLinksContract,
  getPaymentLinkContract,
  deactivatePaymentLinkContract,
  balanceContract,
  balanceTransactionsContract,
  paymentMethodsContract,
  predictProviderContract,
  activeCountriesContract,
  payoutQuoteContract,
  initiatePayoutContract,
  payoutStatusContract,
  cancelPayoutContract,
  createBulkPayoutContract,
  getBulkPayoutContract,
  listBulkPayoutsContract,
  payoutLimitsContract,
  corridorsContract,
  purposesContract,
  listWebhookEventsContract,
  getWebhookEventContract,
  resendWebhookEventContract,
  getWebhookEndpointContract,
  setWebhookEndpointContract,
  rotateWebhookSecretContract,
  fundWalletContract,
  settleSandboxContract,
  connectorCallbackContract,
  connectorCallbackPutContract,
  healthContract,
  openApiContract,
];
