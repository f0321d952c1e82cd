import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../../testing/auth-fixtures';
import { startFakeStripe, STRIPE_TEST_ENV, type FakeStripe } from '../../testing/fake-stripe';
import { firstLink } from '../../testing/smtp-inbox';

/** Household limits per plan (Free: 1 member) and the invitation's 7 days, on a clock the test moves. */

type Envelope<T> = { data: T; code?: string; error?: string };

let w: AuthWorld;
let fake: FakeStripe;
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeStripe();
  w = await createAuthWorld(
    { ...STRIPE_TEST_ENV, STRIPE_API_URL: fake.url, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' },
    { now: () => new Date(clock) },
  );
});
afterAll(async () => {
  await w?.close();
  await fake?.close();
});

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('household members on the Free plan', () => {
  it('allows one member, says so, and counts an expired invitation no more', async () => {
    const { browser: owner } = await w.signUp();
    const first = `first.${tag()}@example.com`;
    const invited = await owner.json('/api/v1/household/members', { body: { email: first, access: 'read' } });
    expect(invited.status).toBe(200);
    const second = await owner.json<Envelope<unknown>>('/api/v1/household/members', {
      body: { email: `second.${tag()}@example.com`, access: 'write' },
    });
    expect(second.status).toBe(403);
    expect(second.body.code).toBe('UPGRADE_REQUIRED');
    expect(second.body.error).toBe('Your plan includes 1 household member: upgrade to invite more');
    const list =
      await owner.json<Envelope<{ limit: number | null; members: { status: string }[] }>>(
        '/api/v1/household/members',
      );
    expect(list.body.data.limit).toBe(1);
    expect(list.body.data.members.map((member) => member.status)).toEqual(['invited']);

    // Eight days later the link no longer works, and the seat is free again.
    const mail = await w.inbox.waitFor(first, /invited you/);
    const token = new URL(firstLink(mail.text)).searchParams.get('token');
    clock += 8 * 86_400_000;
    try {
      const { browser: late } = await w.signUp({ email: first });
      const accepted = await late.json<Envelope<unknown>>('/api/v1/household/invitations/accept', {
        body: { token },
      });
      expect(accepted.status).toBe(404);
      expect(accepted.body.error).toBe('This invitation link is not valid or has expired');
      const again = await owner.json('/api/v1/household/members', {
        body: { email: `third.${tag()}@example.com`, access: 'read' },
      });
      expect(again.status).toBe(200);
    } finally {
      clock -= 8 * 86_400_000;
    }
  });
});
