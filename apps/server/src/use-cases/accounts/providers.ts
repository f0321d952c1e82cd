import type { Config } from '../../config/env';

/**
 * The ways to add accounts and whether this server is set up for each (names of missing settings, never
 * a value). Plaid needs PLAID_CLIENT_ID and PLAID_SECRET; SimpleFIN needs nothing from the operator (the
 * user brings a setup token); the demo bank, file import and manual accounts always work.
 */
export type ProviderState = {
  id: 'plaid' | 'simplefin' | 'demo' | 'import' | 'manual';
  name: string;
  configured: boolean;
  missing: string[];
  setupUrl: string | null;
};

export function providerStates(config: Pick<Config, 'plaid' | 'simplefin'>): ProviderState[] {
  const plaidMissing = [
    ...(config.plaid.clientId ? [] : ['PLAID_CLIENT_ID']),
    ...(config.plaid.secret ? [] : ['PLAID_SECRET']),
  ];
  return [
    {
      id: 'plaid',
      name: 'Bank (Plaid)',
      configured: plaidMissing.length === 0,
      missing: plaidMissing,
      setupUrl: null,
    },
    {
      id: 'simplefin',
      name: 'SimpleFIN Bridge',
      configured: true,
      missing: [],
      setupUrl: config.simplefin.createUrl,
    },
    { id: 'demo', name: 'Demo bank', configured: true, missing: [], setupUrl: null },
    { id: 'import', name: 'File import', configured: true, missing: [], setupUrl: null },
    { id: 'manual', name: 'Manual account', configured: true, missing: [], setupUrl: null },
  ];
}
