import { plaidConfigured, type PlaidSettings } from './client';

/** Where Plaid Link's script is served from; Plaid asks that it always come from its CDN. */
export const PLAID_LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

/** Plaid's API origin the Link page talks to, per environment (Plaid's Link web docs, CSP directives). */
const LINK_API_ORIGIN: Record<PlaidSettings['plaid']['environment'], string> = {
  sandbox: 'https://sandbox.plaid.com/',
  production: 'https://production.plaid.com/',
};

/**
 * The Content-Security-Policy sources Plaid Link needs (plaid.com/docs/link/web, "CSP directives"): its
 * script, its frame on cdn.plaid.com and its environment's API origin. Nothing is added while Plaid is
 * not configured, since Link cannot be opened then. Plaid's list also has `'unsafe-inline'` for
 * scripts; the app has no inline script, so it is left out.
 */
export function plaidLinkSources(config: PlaidSettings): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  if (!plaidConfigured(config)) return { script: [], frame: [], connect: [] };
  return {
    script: [PLAID_LINK_SCRIPT],
    frame: ['https://cdn.plaid.com/'],
    connect: [LINK_API_ORIGIN[config.plaid.environment]],
  };
}
