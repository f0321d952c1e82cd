import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './testing/auth-fixtures';
import { startInProcessServer } from './testing/in-process-server';

/**
 * PORT=0: the kernel picks the port, so the default public address (and the origins that requests with
 * a body and sign-ins must come from) can only be built once the socket is bound.
 */

const SECRET = 'boot-port-secret-0123456789-abcdefghij';
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('a server on an ephemeral port', () => {
  it('trusts the origin of the port it bound, not port 0', async () => {
    const server = await startInProcessServer(database.url, SECRET);
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.url).toBe(`http://localhost:${server.port}`);
      expect(server.config.trustedOrigins).toContain(`http://127.0.0.1:${server.port}`);
      const signUp = (origin: string, email: string) =>
        fetch(`${server.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ email, password: PASSWORD, name: 'Ada Lovelace', termsAccepted: true }),
        });
      // The browser's origin is the bound address, in either loopback spelling.
      expect((await signUp(server.url, 'ada@example.com')).status).toBe(200);
      expect((await signUp(`http://127.0.0.1:${server.port}`, 'grace@example.com')).status).toBe(200);
      // Port 0 is no one's origin.
      expect((await signUp('http://localhost:0', 'eve@example.com')).status).toBe(403);
    } finally {
      await server.stop();
    }
  });
});
