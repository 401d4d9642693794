import { airtelConnector } from "./airtel";
import type { Connector } from "./connector";
import { mpesaDarajaConnector } from "./mpesa-daraja";
import { mtnMomoConnector } from "./mtn-momo";
import { orangeWebpayConnector } from "./orange-webpay";
import { pawapayConnector } from "./pawapay";
import { simulatorConnector } from "./sandbox/sandbox-connector";
import { waveConnector } from "./wave";

/**
 * Connector types by name (docs/design/connectors.md): what `connector:add --type` accepts. Adding a connector
 * is its folder under lib/connectors and ONE line here.
 */
// Each connector is typed by its own settings; the registry holds them as the core sees them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const CONNECTORS: Connector<any>[] = [
  simulatorConnector,
  mtnMomoConnector,
  pawapayConnector,
  waveConnector,
  orangeWebpayConnector,
  mpesaDarajaConnector,
  airtelConnector,
];

const byType = new Map<string, Connector>(CONNECTORS.map((c) => [c.type, c]));

export function getConnector(type: string): Connector | undefined {
  return byType.get(type);
}

export function connectorTypes(): string[] {
  return [...byType.keys()];
}

/** Tests only: a connector type known for the life of the process (a fake operator). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerConnectorForTests(connector: Connector<any>): () => void {
  byType.set(connector.type, connector);
  return () => byType.delete(connector.type);
}
