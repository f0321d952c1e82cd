import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A request a push service received. */
export type PushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A stand-in push service on 127.0.0.1 for tests: records every request and answers 201, or the status
 * set for a path (410 for a subscription the browser dropped).
 */
export async function startPushEndpoint() {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    requests,
    answer(path: string, status: number) {
      statuses.set(path, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushSubscription.toJSON() has them. */
export function browserSubscription(endpoint: string): {
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
  /** Decrypts a push body (aes128gcm) sent to this subscription. */
  open(body: Buffer): string;
} {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    ecdh,
    authSecret,
    open: (body) => decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8'),
  };
}
