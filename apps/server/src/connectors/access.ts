import type { Config } from '../config/env';
import type { OutboundPolicy } from '../outbound/guard';

/**
 * How connectors reach providers whose addresses come from user input (a SimpleFIN setup token names
 * its claim URL): through the outbound guard, private addresses only as OUTBOUND_ALLOW_PRIVATE allows.
 */
export function providerOutboundPolicy(config: Pick<Config, 'outbound'>): OutboundPolicy {
  return { allowPrivate: config.outbound.allowPrivate };
}

/** The sync runner's access to providers: the key that opens stored secrets and the outbound policy. */
export function providerAccess(config: Pick<Config, 'outbound' | 'secrets'>) {
  return { encryptionKey: config.secrets.encryptionKey, outbound: providerOutboundPolicy(config) };
}
