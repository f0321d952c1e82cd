import { demoConnector } from './demo/demo-connector';
import { simplefinConnector } from './simplefin/simplefin-connector';
import type { Connector } from './types';

const CONNECTORS: Record<string, Connector> = {
  demo: demoConnector,
  simplefin: simplefinConnector,
};

/** The connector that syncs a provider's connections; undefined for file imports and manual accounts. */
export function connectorFor(provider: string): Connector | undefined {
  return CONNECTORS[provider];
}
