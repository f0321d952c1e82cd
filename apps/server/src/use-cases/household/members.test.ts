import { findBillingByUser } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../../testing/auth-fixtures';
import type { TestBrowser } from '../../testing/browser';
import {
  FAKE_STRIPE_PRO_MONTHLY,
  startFakeStripe,
  STRIPE_TEST_ENV,
  subscriptionObject,
  type FakeStripe,
} from '../../testing/fake-stripe';
import { firstLink } from '../../testing/smtp-inbox';

/**
 * Household limits per plan (spec §9: team members 1 on Free, 3 on Pro; unlimited self-hosted) and the
 * invitation's 7 days, on a clock the test moves.
 */

type Envelope<T> = { data: T; code?: string; error?: string };

let w: AuthWorld;
let fake: FakeStripe;
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => clock });
  w = await createAuthWorld(
    { ...STRIPE_TEST_ENV, STRIPE_API_URL: fake.url, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' },
    { now: () => new Date(clock) },
  );
  // Stripe's signed webhooks reach the server as Stripe would send them.
  fake.deliverTo(async (payload, signature) => {
    const response = await w.t.app.request(`${ORIGIN}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status, body: await response.json() };
  });
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

async function invite(owner: TestBrowser, access: 'read' | 'write' = 'read') {
  return owner.json<Envelope<unknown>>('/api/v1/household/members', {
    body: { email: `member.${tag()}@example.com`, access },
  });
}

describe('household members on the Pro plan', () => {
  it('allows three members and refuses the fourth with the plan’s message', async () => {
    const { browser: owner } = await w.signUp();
    const me = await owner.json<Envelope<{ id: string }>>('/api/v1/user');
    const userId = me.body.data.id;
    // Checkout makes the Stripe customer; the subscription's webhook makes the owner Pro.
    expect((await owner.json('/api/v1/billing/checkout', { body: {} })).status).toBe(200);
    const customer = (await findBillingByUser(w.t.database.db, userId))?.stripeCustomerId;
    const sent = await fake.send(
      'customer.subscription.created',
      subscriptionObject({
        id: `sub_test_${tag()}`,
        customer: customer ?? '',
        status: 'active',
        priceId: FAKE_STRIPE_PRO_MONTHLY,
        currentPeriodEnd: Math.floor(clock / 1000) + 30 * 86_400,
        cancelAtPeriodEnd: false,
        metadata: { userId },
      }),
    );
    expect(sent.status).toBe(200);
    const billing = await owner.json<Envelope<{ plan: { tier: string } }>>('/api/v1/billing');
    expect(billing.body.data.plan.tier).toBe('pro');

    for (const access of ['read', 'write', 'read'] as const)
      expect((await invite(owner, access)).status).toBe(200);
    const fourth = await invite(owner);
    expect(fourth.status).toBe(403);
    expect(fourth.body.code).toBe('UPGRADE_REQUIRED');
    expect(fourth.body.error).toBe('Your plan includes 3 household members: upgrade to invite more');
    const list =
      await owner.json<Envelope<{ limit: number | null; members: unknown[] }>>('/api/v1/household/members');
    expect(list.body.data.limit).toBe(3);
    expect(list.body.data.members).toHaveLength(3);
  });
});

describe('household members on a self-hosted server (no billing)', () => {
  let selfHosted: AuthWorld;
  beforeAll(async () => {
    selfHosted = await createAuthWorld();
  });
  afterAll(async () => {
    await selfHosted?.close();
  });

  it('has no member limit', async () => {
    const { browser: owner } = await selfHosted.signUp();
    for (let index = 0; index < 6; index += 1) expect((await invite(owner)).status).toBe(200);
    const list =
      await owner.json<Envelope<{ limit: number | null; members: unknown[] }>>('/api/v1/household/members');
    expect(list.body.data.limit).toBeNull();
    expect(list.body.data.members).toHaveLength(6);
  });
});
