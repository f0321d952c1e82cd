import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig, type TrustProxy } from '../config/env';
import { clientIp } from './client-ip';

const strong = 'k'.repeat(20) + 'Q'.repeat(20);
const trustOf = (value: string): TrustProxy =>
  parseConfig({ TRUST_PROXY: value }, () => ({
    encryptionKey: strong,
    authSecret: strong,
    cronSecret: strong,
  })).trustProxy;

const servers: ServerType[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real HTTP server on loopback answering the client address it works out, so the socket's peer is real. */
async function addressServer(trust: TrustProxy) {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, trust)));
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return async (forwardedFor?: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return response.text();
  };
}

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const ask = await addressServer(trustOf(''));
    expect(await ask('203.0.113.9')).toBe('127.0.0.1');
  });

  it('takes the address the one trusted proxy appended, not the left-most one the client wrote', async () => {
    const ask = await addressServer(trustOf('true'));
    // The client sent "X-Forwarded-For: 203.0.113.9"; the proxy appended the address it saw.
    expect(await ask('203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ask('198.51.100.7')).toBe('198.51.100.7');
    expect(await ask()).toBe('127.0.0.1');
  });

  it('walks back as many hops as configured', async () => {
    const ask = await addressServer(trustOf('2'));
    expect(await ask('203.0.113.9, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });

  it('trusts only proxies in the configured ranges', async () => {
    const ask = await addressServer(trustOf('loopback, 10.0.0.0/8'));
    expect(await ask('203.0.113.9, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
    expect(await ask('203.0.113.9, 10.1.2.3, 10.0.0.2')).toBe('203.0.113.9');
    // The socket's peer is not in the list: nothing it says is trusted.
    const strict = await addressServer(trustOf('10.0.0.0/8'));
    expect(await strict('203.0.113.9')).toBe('127.0.0.1');
  });

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(() => trustOf('the proxy')).toThrow(/TRUST_PROXY: must be false, true/);
    expect(() => trustOf('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });
});
