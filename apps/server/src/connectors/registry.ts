import { blockchainConnector } from './blockchain/blockchain-connector';
import { ccxtConnector } from './ccxt/ccxt-connector';
import { demoConnector } from './demo/demo-connector';
import type { PlaidSettings } from './plaid/client';
import { createPlaidConnector, PLAID_PROVIDER } from './plaid/plaid-connector';
import { simplefinConnector } from './simplefin/simplefin-connector';
import type { Connector } from './types';

const CONNECTORS: Record<string, Connector> = {
  demo: demoConnector,
  simplefin: simplefinConnector,
  blockchain: blockchainConnector,
  ccxt: ccxtConnector,
};

/** What connectors that talk to a provider need from the configuration. */
export type ConnectorConfig = PlaidSettings;

const plaidConnectors = new WeakMap<ConnectorConfig['plaid'], Connector>();

/**
 * The connector that syncs a provider's connections; undefined for file imports and manual accounts.
 * The server's configuration is required: connectors built from it (Plaid) would otherwise be missing
 * without a word, and their connections would look like ones that never sync.
 */
export function connectorFor(provider: string, config: ConnectorConfig): Connector | undefined {
  if (provider === PLAID_PROVIDER) {
    let connector = plaidConnectors.get(config.plaid);
    if (!connector) {
      connector = createPlaidConnector(config);
      plaidConnectors.set(config.plaid, connector);
    }
    return connector;
  }
  return CONNECTORS[provider];
}

/** Whether connections of this provider sync (rather than being imported or typed in). */
export function providerSyncs(provider: string): boolean {
  return provider === PLAID_PROVIDER || provider in CONNECTORS;
}
