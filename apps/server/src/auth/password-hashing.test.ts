import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, PASSWORD, type AuthWorld } from '../testing/auth-fixtures';
import { quickPasswordHashing } from '../testing/quick-password-hashing';

/** The stored hash of the account signed up with `email`. */
async function storedHash(w: AuthWorld, email: string): Promise<string> {
  const result = await w.t.database.pool.query<{ password: string }>(
    `select a.password from account a join "user" u on u.id = a.user_id
      where u.email = $1 and a.provider_id = 'credential'`,
    [email],
  );
  const hash = result.rows[0]?.password;
  if (!hash) throw new Error(`no password stored for ${email}`);
  return hash;
}

describe("the app's own password hashing (no override)", () => {
  let w: AuthWorld;
  beforeAll(async () => {
    w = await createAuthWorld({}, { deps: { passwordHashing: undefined } });
  });
  afterAll(async () => {
    await w.close();
  });

  it("stores better-auth's scrypt hash (N = 16384, r = 16), which signs in and refuses a wrong password", async () => {
    const { email, status } = await w.signUp();
    expect(status).toBe(200);
    const hash = await storedHash(w, email);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    // better-auth's own check (its parameters) accepts it; the test app's cheaper scrypt does not.
    expect(await verifyPassword({ hash, password: PASSWORD })).toBe(true);
    expect(await quickPasswordHashing.verify({ hash, password: PASSWORD })).toBe(false);
    const right = await w.browser().json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    expect(right.status).toBe(200);
    const wrong = await w.browser().json('/api/auth/sign-in/email', {
      body: { email, password: 'Not-My-Password-1!' },
    });
    expect(wrong.status).toBe(401);
  });
});

describe("the test app's quicker hashing", () => {
  it("keeps better-auth's format and checks passwords, but is not the app's hash", async () => {
    const hash = await quickPasswordHashing.hash(PASSWORD);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await quickPasswordHashing.verify({ hash, password: PASSWORD })).toBe(true);
    expect(await quickPasswordHashing.verify({ hash, password: `${PASSWORD}x` })).toBe(false);
    expect(await verifyPassword({ hash, password: PASSWORD })).toBe(false);
    expect(
      await quickPasswordHashing.verify({ hash: await hashPassword(PASSWORD), password: PASSWORD }),
    ).toBe(false);
  });
});
