import type { PaymentProvider } from "./provider";

/**
 * The production connector slot. Real operator connectors (APIs, credentials, certificates)
 * plug in here; until one is configured for an operator, that operator is unavailable and
 * payments to it are refused with 400 provider_unavailable, never faked.
 */
export class UnconfiguredConnector implements PaymentProvider {
  readonly name = "production-connectors";

  isAvailable(): boolean {
    return false;
  }

  private unavailable(): never {
    throw new Error("No production connector is configured for this provider");
  }

  async requestPayment(): Promise<never> {
    return this.unavailable();
  }

  async getPaymentStatus(): Promise<never> {
    return this.unavailable();
  }

  async requestPayout(): Promise<never> {
    return this.unavailable();
  }

  async getPayoutStatus(): Promise<never> {
    return this.unavailable();
  }

  parseCallback(): null {
    return null;
  }
}
