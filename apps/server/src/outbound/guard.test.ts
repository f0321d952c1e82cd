import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertOutboundUrl,
  isPublicAddress,
  OutboundRefusedError,
  outboundRequest,
  type OutboundPolicy,
} from './guard';
import { isPushServiceHost } from './push-services';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** A TCP listener that only counts the connections it receives. */
async function connectionCounter(host: string) {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

async function httpServer(handler: Parameters<typeof createHttpServer>[1], host = '127.0.0.1') {
  const server: Server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

const strict: OutboundPolicy = { allowPrivate: false };

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '224.0.0.1',
    'ff02::1',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s is', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('outbound-request guard', () => {
  it('refuses loopback in every spelling, by literal and after DNS, without connecting', async () => {
    const v4 = await connectionCounter('127.0.0.1');
    const v6 = await connectionCounter('::1');
    const targets = [
      `https://127.0.0.1:${v4.port}/`,
      `http://127.0.0.1:${v4.port}/`,
      `https://localhost:${v4.port}/`,
      `https://[::ffff:127.0.0.1]:${v4.port}/`,
      `https://[::ffff:7f00:1]:${v4.port}/`,
      `https://[::1]:${v6.port}/`,
      `https://2130706433:${v4.port}/`,
      `https://0x7f.1:${v4.port}/`,
    ];
    for (const target of targets) {
      await expect(outboundRequest(target, { method: 'POST' }, strict), target).rejects.toBeInstanceOf(
        OutboundRefusedError,
      );
      await expect(assertOutboundUrl(target, strict), target).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
  });

  it('refuses non-http schemes and URLs with credentials', async () => {
    for (const target of ['ftp://8.8.8.8/', 'file:///etc/passwd', 'https://user:pw@8.8.8.8/', 'not a url']) {
      await expect(assertOutboundUrl(target, strict), target).rejects.toBeInstanceOf(OutboundRefusedError);
    }
  });

  it('applies the host rule to public addresses only, and takes only https there', async () => {
    const push: OutboundPolicy = {
      allowPrivate: false,
      allowHost: isPushServiceHost,
      hostRule: 'a push service',
    };
    await expect(assertOutboundUrl('https://8.8.8.8/push', push)).rejects.toThrow(
      'The host is not a push service',
    );
    await expect(assertOutboundUrl('https://8.8.8.8/push', strict)).resolves.toBeInstanceOf(URL);
    await expect(assertOutboundUrl('http://8.8.8.8/push', strict)).rejects.toThrow('Only https URLs');
  });

  it('knows the push services’ hosts', () => {
    for (const host of [
      'fcm.googleapis.com',
      'android.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      'wns2-par02p.notify.windows.com',
    ]) {
      expect(isPushServiceHost(host), host).toBe(true);
    }
    for (const host of [
      'evil.example',
      'fcm.googleapis.com.evil.example',
      'notfcm.googleapis.com',
      'apple.com',
    ]) {
      expect(isPushServiceHost(host), host).toBe(false);
    }
  });

  it('reaches private addresses only as allowed', async () => {
    const port = await httpServer((_request, response) => response.writeHead(201).end('made'));
    const allowed = await outboundRequest(
      `http://127.0.0.1:${port}/`,
      { method: 'POST' },
      { allowPrivate: true },
    );
    expect(allowed.status).toBe(201);
    expect(allowed.body.toString()).toBe('made');
    const onlyThis = { allowPrivate: ['127.0.0.1/32'] };
    expect((await outboundRequest(`http://127.0.0.1:${port}/`, {}, onlyThis)).status).toBe(201);
    await expect(outboundRequest(`http://10.0.0.1:${port}/`, {}, onlyThis)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    await expect(assertOutboundUrl(`http://127.0.0.2:${port}/`, onlyThis)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
  });

  it('checks every redirect, and never connects to a refused target', async () => {
    const forbidden = await connectionCounter('127.0.0.2');
    const port = await httpServer((_request, response) =>
      response.writeHead(307, { location: `http://127.0.0.2:${forbidden.port}/inside` }).end(),
    );
    const policy = { allowPrivate: ['127.0.0.1/32'] };
    await expect(outboundRequest(`http://127.0.0.1:${port}/`, {}, policy)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    expect(forbidden.connections()).toBe(0);

    const hops = await httpServer((request, response) => {
      const n = Number(request.url?.slice(1) || '0');
      if (n < 5) response.writeHead(302, { location: `/${n + 1}` }).end();
      else response.writeHead(200).end('arrived');
    });
    await expect(outboundRequest(`http://127.0.0.1:${hops}/0`, {}, policy)).rejects.toThrow(
      'Too many redirects',
    );
    const followed = await outboundRequest(`http://127.0.0.1:${hops}/2`, {}, policy);
    expect(followed.body.toString()).toBe('arrived');
  });

  it('stops reading an answer larger than the limit, and gives up after the time limit', async () => {
    const big = await httpServer((_request, response) => response.writeHead(200).end(Buffer.alloc(300_000)));
    await expect(
      outboundRequest(`http://127.0.0.1:${big}/`, { maxResponseBytes: 100_000 }, { allowPrivate: true }),
    ).rejects.toThrow('larger than 100000 bytes');
    const silent = await httpServer(() => undefined);
    await expect(
      outboundRequest(`http://127.0.0.1:${silent}/`, { timeoutMs: 300 }, { allowPrivate: true }),
    ).rejects.toThrow();
  });
});
