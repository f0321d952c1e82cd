import { demoConnector } from './demo/demo-connector';
import type { Connector } from './types';

const CONNECTORS: Record<string, Connector> = {
  demo: demoConnector,
};

/** The connector that syncs a provider's connections; undefined for file imports and manual accounts. */
export function connectorFor(provider: string): Connector | undefined {
  return CONNECTORS[provider];
}
