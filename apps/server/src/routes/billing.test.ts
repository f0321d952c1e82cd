import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findBillingByUser } from '@lodestar/db';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import {
  FAKE_STRIPE_PRO_MONTHLY,
  FAKE_STRIPE_PRO_YEARLY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  invoiceObject,
  startFakeStripe,
  STRIPE_TEST_ENV,
  stripeEvent,
  stripeSignatureHeader,
  subscriptionObject,
  type FakeStripe,
  type FakeSubscription,
} from '../testing/fake-stripe';
import { signedInUser } from '../use-cases/transactions/test-fixtures';

type Envelope<T> = { success: boolean; data: T; error?: string; code?: string };
type Billing = {
  mode: 'self_hosted' | 'stripe';
  plan: {
    tier: string;
    status: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    graceEndsAt: string | null;
    canManage: boolean;
  } | null;
  usage: {
    accounts: { used: number; limit: number | null };
    transactions: { used: number; limit: number | null };
    apiCallsToday: { used: number; limit: number | null; resetsAt: string };
  };
};

const DAY = 24 * 60 * 60 * 1000;

describe('self-hosted (no STRIPE_SECRET_KEY)', () => {
  let w: AuthWorld;
  beforeAll(async () => {
    w = await createAuthWorld();
  });
  afterAll(async () => {
    await w.close();
  });

  it('has no plan, no limits and nothing on sale; checkout, portal and webhook say billing is off', async () => {
    const { browser } = await signedInUser(w);
    const billing = await browser.json<Envelope<Billing>>('/api/v1/billing');
    expect(billing.status).toBe(200);
    expect(billing.body.data).toMatchObject({
      mode: 'self_hosted',
      plan: null,
      usage: { accounts: { used: 0, limit: null }, transactions: { used: 0, limit: null } },
    });
    const plans = await w
      .browser()
      .json<Envelope<{ mode: string; tiers: unknown[] }>>('/api/v1/billing/plans');
    expect(plans.body.data).toEqual({ mode: 'self_hosted', tiers: [] });
    for (const path of ['/api/v1/billing/checkout', '/api/v1/billing/portal']) {
      const refused = await browser.json<Envelope<unknown>>(path, { body: {} });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(
        'Billing is not enabled on this server: it is self-hosted, with every feature and no limits.',
      );
    }
    const payload = JSON.stringify(stripeEvent('invoice.paid', {}, Math.floor(Date.now() / 1000)));
    const hook = await w.t.app.request(`${ORIGIN}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader(
          payload,
          FAKE_STRIPE_WEBHOOK_SECRET,
          Math.floor(Date.now() / 1000),
        ),
      },
      body: payload,
    });
    expect(hook.status).toBe(409);
  });
});

describe('with Stripe', () => {
  let w: AuthWorld;
  let fake: FakeStripe;
  let clock = Date.now();
  const seconds = () => Math.floor(clock / 1000);

  beforeAll(async () => {
    fake = await startFakeStripe({ now: () => clock });
    w = await createAuthWorld(
      { ...STRIPE_TEST_ENV, STRIPE_API_URL: fake.url, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' },
      { now: () => new Date(clock) },
    );
    fake.deliverTo(async (payload, signature) => post(payload, signature));
  });
  afterAll(async () => {
    await w?.close();
    await fake?.close();
  });
  beforeEach(() => {
    clock = Date.now();
  });

  async function post(payload: string, signature: string) {
    const response = await w.t.app.request(`${ORIGIN}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as Envelope<unknown> };
  }

  async function billingOf(browser: TestBrowser) {
    const answer = await browser.json<Envelope<Billing>>('/api/v1/billing');
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  /** A signed-in user with a Stripe customer (made by opening Checkout once) and a subscription to send. */
  async function customerWithSubscription(): Promise<{
    browser: TestBrowser;
    userId: string;
    sub: FakeSubscription;
  }> {
    const { browser, userId } = await signedInUser(w);
    const checkout = await browser.json<Envelope<{ url: string }>>('/api/v1/billing/checkout', { body: {} });
    expect(checkout.status).toBe(200);
    const customer = (await findBillingByUser(w.t.database.db, userId))!.stripeCustomerId;
    const sub: FakeSubscription = {
      id: `sub_test_${userId.slice(0, 8)}${Math.random().toString(36).slice(2, 8)}`,
      customer,
      status: 'active',
      priceId: FAKE_STRIPE_PRO_MONTHLY,
      currentPeriodEnd: seconds() + 30 * 86_400,
      cancelAtPeriodEnd: false,
      metadata: { userId },
    };
    return { browser, userId, sub };
  }

  it('starts every new user on the free trial tier, with usage against each limit', async () => {
    const { browser } = await signedInUser(w);
    expect(await billingOf(browser)).toMatchObject({
      mode: 'stripe',
      plan: { tier: 'free_trial', status: null, graceEndsAt: null, canManage: false },
      usage: {
        accounts: { used: 0, limit: 3 },
        transactions: { used: 0, limit: 250 },
        apiCallsToday: { used: 0, limit: 100 },
      },
    });
    const plans = await w.browser().json<
      Envelope<{
        mode: string;
        tiers: {
          name: string;
          badge?: string;
          pricing: { price: number; stripePriceId: string | null }[];
        }[];
      }>
    >('/api/v1/billing/plans');
    expect(plans.body.data.mode).toBe('stripe');
    expect(plans.body.data.tiers.map((tier) => [tier.name, tier.badge ?? null, tier.pricing[0]])).toEqual([
      ['free_trial', null, expect.objectContaining({ price: 0, stripePriceId: null })],
      ['pro', 'RECOMMENDED', expect.objectContaining({ price: 15, stripePriceId: FAKE_STRIPE_PRO_MONTHLY })],
    ]);
  });

  it('opens Checkout for Pro with one customer per user, reused, and the user id as client_reference_id', async () => {
    const { browser, userId } = await signedInUser(w);
    const before = fake.requests.length;
    const first = await browser.json<Envelope<{ url: string }>>('/api/v1/billing/checkout', { body: {} });
    const second = await browser.json<Envelope<{ url: string }>>('/api/v1/billing/checkout', {
      body: { period: 'monthly' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));
    expect(second.body.data.url).not.toBe(first.body.data.url);
    const made = fake.requests.slice(before);
    expect(made.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/checkout/sessions',
      'POST /v1/checkout/sessions',
    ]);
    expect(
      made.every((request) => request.authorization === `Bearer ${STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`),
    ).toBe(true);
    const customer = (await findBillingByUser(w.t.database.db, userId))!.stripeCustomerId;
    for (const request of made.slice(1)) {
      expect(request.form).toMatchObject({
        mode: 'subscription',
        customer,
        client_reference_id: userId,
        'line_items[0][price]': FAKE_STRIPE_PRO_MONTHLY,
        'line_items[0][quantity]': '1',
        success_url: `${ORIGIN}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ORIGIN}/billing/cancel`,
      });
    }
    expect(made[0]!.form['metadata[userId]']).toBe(userId);
    // No yearly price is configured: a clear 400.
    const yearly = await browser.json<Envelope<unknown>>('/api/v1/billing/checkout', {
      body: { period: 'yearly' },
    });
    expect(yearly.status).toBe(400);
    const bad = await browser.json<Envelope<unknown>>('/api/v1/billing/checkout', {
      body: { period: 'weekly' },
    });
    expect(bad.status).toBe(400);
  });

  it('paying on the Checkout page makes the user Pro through the signed webhooks; then the portal opens', async () => {
    const { browser } = await signedInUser(w);
    const noPortal = await browser.json<Envelope<unknown>>('/api/v1/billing/portal', { body: {} });
    expect(noPortal.status).toBe(409);
    expect(noPortal.body.error).toBe('There is no subscription to manage yet. Upgrade to Pro first.');
    const checkout = await browser.json<Envelope<{ url: string }>>('/api/v1/billing/checkout', { body: {} });
    const paid = await fetch(checkout.body.data.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(
      /^http:\/\/localhost:3000\/billing\/success\?session_id=cs_test_/,
    );
    const billing = await billingOf(browser);
    expect(billing.plan).toMatchObject({
      tier: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      canManage: true,
    });
    expect(billing.usage.accounts.limit).toBe(50);
    expect(billing.usage.transactions.limit).toBe(10_000);
    const again = await browser.json<Envelope<unknown>>('/api/v1/billing/checkout', { body: {} });
    expect(again.status).toBe(409);
    const portal = await browser.json<Envelope<{ url: string }>>('/api/v1/billing/portal', { body: {} });
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    expect(fake.requests.at(-1)?.form.return_url).toBe(`${ORIGIN}/settings/billing`);
  });

  it('refuses a bad signature and a stale timestamp, changing nothing', async () => {
    const { browser, sub } = await customerWithSubscription();
    const payload = JSON.stringify(
      stripeEvent('customer.subscription.created', subscriptionObject(sub), seconds()),
    );
    const forged = await post(payload, stripeSignatureHeader(payload, 'whsec_not_the_secret', seconds()));
    expect(forged.status).toBe(400);
    const tampered = await post(
      payload.replace('"active"', '"trialing"'),
      stripeSignatureHeader(payload, FAKE_STRIPE_WEBHOOK_SECRET, seconds()),
    );
    expect(tampered.status).toBe(400);
    const stale = await post(
      payload,
      stripeSignatureHeader(payload, FAKE_STRIPE_WEBHOOK_SECRET, seconds() - 301),
    );
    expect(stale.status).toBe(400);
    const missing = await w.t.app.request(`${ORIGIN}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(missing.status).toBe(400);
    expect((await billingOf(browser)).plan).toMatchObject({ tier: 'free_trial', status: null });
    // Within the tolerance the same payload is accepted.
    const fresh = await post(
      payload,
      stripeSignatureHeader(payload, FAKE_STRIPE_WEBHOOK_SECRET, seconds() - 299),
    );
    expect(fresh.status).toBe(200);
    expect((await billingOf(browser)).plan).toMatchObject({ tier: 'pro', status: 'active' });
  });

  it('a replayed event changes nothing', async () => {
    const { browser, sub } = await customerWithSubscription();
    expect((await fake.send('customer.subscription.created', subscriptionObject(sub))).status).toBe(200);
    const failed = await fake.send('invoice.payment_failed', invoiceObject(sub, false));
    expect((await billingOf(browser)).plan?.status).toBe('past_due');
    await fake.send('invoice.paid', invoiceObject(sub, true));
    expect((await billingOf(browser)).plan?.status).toBe('active');
    // The same failure event again (same id, same second), signed anew as Stripe's retries are.
    const payload = JSON.stringify(failed.event);
    const replay = await post(payload, stripeSignatureHeader(payload, FAKE_STRIPE_WEBHOOK_SECRET, seconds()));
    expect(replay.status).toBe(200);
    expect((await billingOf(browser)).plan).toMatchObject({
      tier: 'pro',
      status: 'active',
      graceEndsAt: null,
    });
  });

  it('an older customer.subscription.updated never overwrites a newer one', async () => {
    const { browser, sub } = await customerWithSubscription();
    await fake.send('customer.subscription.created', subscriptionObject(sub), seconds() - 60);
    await fake.send(
      'customer.subscription.updated',
      subscriptionObject({ ...sub, cancelAtPeriodEnd: true }),
      seconds() - 10,
    );
    const older = await fake.send(
      'customer.subscription.updated',
      subscriptionObject({ ...sub, status: 'unpaid' }),
      seconds() - 30,
    );
    expect(older.status).toBe(200);
    expect((await billingOf(browser)).plan).toMatchObject({
      tier: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
    });
  });

  it('a failed payment keeps Pro for 7 days of grace, then the free tier applies; paying restores Pro', async () => {
    const { browser, sub } = await customerWithSubscription();
    await fake.send('customer.subscription.created', subscriptionObject(sub));
    const failedAt = clock;
    await fake.send('invoice.payment_failed', invoiceObject(sub, false));
    await fake.send('customer.subscription.updated', subscriptionObject({ ...sub, status: 'past_due' }));
    let billing = await billingOf(browser);
    expect(billing.plan).toMatchObject({ tier: 'pro', status: 'past_due' });
    expect(billing.plan?.graceEndsAt).toBe(
      new Date(Math.floor(failedAt / 1000) * 1000 + 7 * DAY).toISOString(),
    );
    clock = failedAt + 6 * DAY;
    expect((await billingOf(browser)).plan?.tier).toBe('pro');
    // A second failure during the grace does not extend it.
    await fake.send('invoice.payment_failed', invoiceObject(sub, false));
    clock = failedAt + 7 * DAY + 1000;
    billing = await billingOf(browser);
    expect(billing.plan).toMatchObject({ tier: 'free_trial', status: 'past_due' });
    expect(billing.usage.accounts.limit).toBe(3);
    await fake.send('invoice.paid', invoiceObject(sub, true));
    expect((await billingOf(browser)).plan).toMatchObject({
      tier: 'pro',
      status: 'active',
      graceEndsAt: null,
    });
  });

  it('cancelled at period end stays Pro until that end; deletion ends it', async () => {
    const { browser, sub } = await customerWithSubscription();
    await fake.send('customer.subscription.created', subscriptionObject(sub));
    const periodEnd = seconds() + 10 * 86_400;
    const cancelling = { ...sub, cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd };
    await fake.send('customer.subscription.updated', subscriptionObject(cancelling));
    const start = clock;
    expect((await billingOf(browser)).plan).toMatchObject({
      tier: 'pro',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
    clock = start + 9 * DAY;
    expect((await billingOf(browser)).plan?.tier).toBe('pro');
    clock = periodEnd * 1000 + 1000;
    expect((await billingOf(browser)).plan?.tier).toBe('free_trial');
    await fake.send(
      'customer.subscription.deleted',
      subscriptionObject({ ...cancelling, status: 'canceled' }),
    );
    expect((await billingOf(browser)).plan).toMatchObject({ tier: 'free_trial', status: 'canceled' });
  });

  it('acknowledges events it does not use and events of customers it does not know', async () => {
    expect((await fake.send('customer.created', { id: 'cus_x', object: 'customer' })).status).toBe(200);
    const stranger: FakeSubscription = {
      id: 'sub_stranger',
      customer: 'cus_stranger',
      status: 'active',
      priceId: FAKE_STRIPE_PRO_MONTHLY,
      currentPeriodEnd: seconds() + 86_400,
      cancelAtPeriodEnd: false,
      metadata: {},
    };
    expect((await fake.send('customer.subscription.created', subscriptionObject(stranger))).status).toBe(200);
  });
});

describe('with a yearly price', () => {
  type Plans = Envelope<{
    tiers: { name: string; pricing: { period: string; price: number; stripePriceId: string | null }[] }[];
  }>;
  let fake: FakeStripe;
  const worlds: AuthWorld[] = [];
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    for (const world of worlds) await world.close();
    await fake.close();
  });
  async function worldWith(env: Record<string, string>) {
    const world = await createAuthWorld({
      ...STRIPE_TEST_ENV,
      STRIPE_API_URL: fake.url,
      OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
      ...env,
    });
    worlds.push(world);
    return world;
  }
  const proPricing = async (world: AuthWorld) =>
    (await world.browser().json<Plans>('/api/v1/billing/plans')).body.data.tiers.find(
      (tier) => tier.name === 'pro',
    )!.pricing;

  it('offers Pro yearly at what Stripe says the price costs, read once, and Checkout takes it', async () => {
    const w = await worldWith({ STRIPE_PRICE_ID_PRO_YEARLY: FAKE_STRIPE_PRO_YEARLY });
    const before = fake.requests.length;
    expect(await proPricing(w)).toEqual([
      expect.objectContaining({ period: 'monthly', price: 15, stripePriceId: FAKE_STRIPE_PRO_MONTHLY }),
      { period: 'yearly', price: 150, stripePriceId: FAKE_STRIPE_PRO_YEARLY, description: '$150 per year' },
    ]);
    await proPricing(w);
    const reads = fake.requests.slice(before).filter((request) => request.path.startsWith('/v1/prices/'));
    expect(reads.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/prices/${FAKE_STRIPE_PRO_YEARLY}`,
    ]);

    const { browser } = await signedInUser(w);
    const checkout = await browser.json<Envelope<{ url: string }>>('/api/v1/billing/checkout', {
      body: { period: 'yearly' },
    });
    expect(checkout.status).toBe(200);
    expect(fake.requests.at(-1)!.form['line_items[0][price]']).toBe(FAKE_STRIPE_PRO_YEARLY);
  });

  it('does not offer a yearly price that is not yearly, nor one Stripe cannot say the cost of', async () => {
    // A monthly price configured as the yearly one.
    const wrong = await worldWith({ STRIPE_PRICE_ID_PRO_YEARLY: FAKE_STRIPE_PRO_MONTHLY });
    expect((await proPricing(wrong)).map((entry) => entry.period)).toEqual(['monthly']);
    // A price Stripe does not know (404): never a made-up price.
    const unknown = await worldWith({ STRIPE_PRICE_ID_PRO_YEARLY: 'price_nobody_made' });
    expect((await proPricing(unknown)).map((entry) => entry.period)).toEqual(['monthly']);
  });
});
