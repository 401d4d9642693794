import { isSandbox } from "@/lib/config";
import type { PaymentProvider } from "./provider";
import { SandboxSimulator } from "./sandbox-simulator";
import { UnconfiguredConnector } from "./unconfigured-connector";

const simulator = new SandboxSimulator();
const production = new UnconfiguredConnector();

/** The provider behind every operator in this environment (DESIGN §2, §9). */
export function getProvider(): PaymentProvider {
  return isSandbox() ? simulator : production;
}
