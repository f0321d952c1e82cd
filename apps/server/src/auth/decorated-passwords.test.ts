import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { BREACHED_PASSWORD_MESSAGE } from './breached-passwords';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

describe('sign-up refuses decorated common passwords', () => {
  it.each(['Password123!', 'P@ssw0rd2024!', 'Sunshine2024!!'])('%s', async (password) => {
    const answer = await w.signUp({ password });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'PASSWORD_COMPROMISED', message: BREACHED_PASSWORD_MESSAGE });
    const stored = await w.t.database.pool.query('select 1 from "user" where email = $1', [answer.email]);
    expect(stored.rowCount).toBe(0);
  });
});
