import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's HTTP API on 127.0.0.1, built from Stripe's API reference (docs.stripe.com/api):
 * requests are form-encoded (`line_items[0][price]=…`) with `Authorization: Bearer sk_…`; answers are
 * JSON objects with `id` and `object`; errors are 4xx with `{ error: { type, code?, message, param? } }`.
 * It serves customers, Checkout Sessions (subscription mode) and Customer Portal sessions, plus a fake
 * Checkout page and portal page: "paying" creates an active subscription and sends the events Stripe
 * sends (customer.subscription.created, checkout.session.completed, invoice.paid), each signed as Stripe
 * signs webhooks: `Stripe-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';
export const FAKE_STRIPE_PRO_MONTHLY = 'price_fake_pro_monthly';
export const FAKE_STRIPE_PRO_YEARLY = 'price_fake_pro_yearly';
/** What the fake's prices cost (Stripe's Price object: unit_amount in cents, recurring.interval). */
export const FAKE_STRIPE_PRICE_AMOUNTS: Record<string, { unitAmount: number; interval: 'month' | 'year' }> = {
  [FAKE_STRIPE_PRO_MONTHLY]: { unitAmount: 1500, interval: 'month' },
  [FAKE_STRIPE_PRO_YEARLY]: { unitAmount: 15000, interval: 'year' },
};

/** Billing configured, for tests that do not talk to Stripe (the limits of the free tier). */
export const STRIPE_TEST_ENV: Record<string, string> = {
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789',
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
  STRIPE_PRICE_ID_PRO_MONTHLY: FAKE_STRIPE_PRO_MONTHLY,
};

/** Stripe's webhook signature header for `payload` signed at `timestamp` (seconds). */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export type FakeStripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown> };
};

let sequence = 0;
function stripeId(prefix: string): string {
  sequence += 1;
  return `${prefix}_${randomBytes(8).toString('hex')}${sequence.toString(36)}`;
}

/** An event as Stripe delivers it, created at `created` (seconds). */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number): FakeStripeEvent {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: '2026-08-26.dahlia',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export type FakeSubscription = {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
};

/** A subscription object in the shape of API version 2025-03-31 and later (period on the items). */
export function subscriptionObject(subscription: FakeSubscription): Record<string, unknown> {
  const start = subscription.currentPeriodEnd - 30 * 24 * 60 * 60;
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    metadata: subscription.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id.slice(4)}`,
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: subscription.currentPeriodEnd,
          price: {
            id: subscription.priceId,
            object: 'price',
            recurring: { interval: 'month' },
            metadata: {},
          },
          quantity: 1,
        },
      ],
    },
  };
}

/** An invoice of a subscription, as invoice.paid / invoice.payment_failed carry it. */
export function invoiceObject(subscription: FakeSubscription, paid: boolean): Record<string, unknown> {
  return {
    id: stripeId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: paid ? 'paid' : 'open',
    billing_reason: 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
  };
}

type Customer = { id: string; email: string | null; metadata: Record<string, string> };
type CheckoutSession = {
  id: string;
  customer: string | null;
  clientReferenceId: string | null;
  priceId: string;
  successUrl: string;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  status: 'open' | 'complete';
  subscription: string | null;
};
type PortalSession = { id: string; customer: string; returnUrl: string | null };

export type WebhookDelivery = (payload: string, signature: string) => Promise<{ status: number }>;

export type FakeStripe = {
  /** The API origin (STRIPE_API_URL). */
  url: string;
  /** Every API request: method, path and its form fields. */
  requests: { method: string; path: string; form: Record<string, string>; authorization: string | null }[];
  customers: Map<string, Customer>;
  checkoutSessions: Map<string, CheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Where signed events go (the server's webhook endpoint, over HTTP or app.request). */
  deliverTo(delivery: WebhookDelivery): void;
  /** Signs and delivers an event now (or at `created`); resolves with the endpoint's status. */
  send(
    type: string,
    object: Record<string, unknown>,
    created?: number,
  ): Promise<{ status: number; event: FakeStripeEvent }>;
  /** The clock of the fake, seconds (events are created at it). */
  nowSeconds(): number;
  close(): Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
  response.end(JSON.stringify(body));
}

function stripeError(
  response: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
) {
  json(response, status, { error: { type: 'invalid_request_error', message, ...extra } });
}

/** `metadata[key]=value` fields under `prefix` as an object. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string; prices?: string[]; now?: () => number } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  const prices = new Set(options.prices ?? [FAKE_STRIPE_PRO_MONTHLY, FAKE_STRIPE_PRO_YEARLY]);
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const requests: FakeStripe['requests'] = [];
  const customers = new Map<string, Customer>();
  const checkoutSessions = new Map<string, CheckoutSession>();
  const portalSessions = new Map<string, PortalSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  let delivery: WebhookDelivery | null = null;
  let origin = '';

  async function send(type: string, object: Record<string, unknown>, created = nowSeconds()) {
    const event = stripeEvent(type, object, created);
    const payload = JSON.stringify(event, null, 2);
    if (!delivery) throw new Error('fake Stripe: no webhook endpoint to deliver to');
    const { status } = await delivery(payload, stripeSignatureHeader(payload, webhookSecret, nowSeconds()));
    return { status, event };
  }

  function customerObject(customer: Customer) {
    return {
      id: customer.id,
      object: 'customer',
      email: customer.email,
      metadata: customer.metadata,
      livemode: false,
    };
  }
  function sessionObject(session: CheckoutSession) {
    return {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: session.status,
      payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
      customer: session.customer,
      client_reference_id: session.clientReferenceId,
      subscription: session.subscription,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      metadata: session.metadata,
      url: session.status === 'open' ? `${origin}/c/pay/${session.id}` : null,
      livemode: false,
    };
  }

  async function pay(session: CheckoutSession): Promise<void> {
    const customerId = session.customer ?? stripeId('cus');
    if (!customers.has(customerId)) customers.set(customerId, { id: customerId, email: null, metadata: {} });
    const subscription: FakeSubscription = {
      id: stripeId('sub'),
      customer: customerId,
      status: 'active',
      priceId: session.priceId,
      currentPeriodEnd: nowSeconds() + 30 * 24 * 60 * 60,
      cancelAtPeriodEnd: false,
      metadata: session.subscriptionMetadata,
    };
    subscriptions.set(subscription.id, subscription);
    session.status = 'complete';
    session.customer = customerId;
    session.subscription = subscription.id;
    // The order Stripe documents no guarantee for; these are the events a subscription Checkout sends.
    await send('customer.subscription.created', subscriptionObject(subscription));
    await send('checkout.session.completed', sessionObject(session));
    await send('invoice.paid', invoiceObject(subscription, true));
  }

  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    form: Record<string, string>,
  ) {
    const authorization = request.headers.authorization ?? null;
    requests.push({ method: request.method ?? 'GET', path, form, authorization });
    if (authorization !== `Bearer ${secretKey}`) {
      return json(response, 401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${(authorization ?? '').replace(/^Bearer /, '').slice(0, 8)}***`,
        },
      });
    }
    const method = request.method ?? 'GET';
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Customer = {
        id: stripeId('cus'),
        email: form.email ?? null,
        metadata: nested(form, 'metadata'),
      };
      customers.set(customer.id, customer);
      return json(response, 200, customerObject(customer));
    }
    const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (method === 'GET' && priceMatch) {
      const id = decodeURIComponent(priceMatch[1]!);
      const amount = FAKE_STRIPE_PRICE_AMOUNTS[id];
      if (!prices.has(id) || !amount)
        return stripeError(response, 404, `No such price: '${id}'`, {
          code: 'resource_missing',
          param: 'id',
        });
      return json(response, 200, {
        id,
        object: 'price',
        active: true,
        currency: 'usd',
        type: 'recurring',
        unit_amount: amount.unitAmount,
        unit_amount_decimal: String(amount.unitAmount),
        recurring: { interval: amount.interval, interval_count: 1, usage_type: 'licensed' },
        livemode: false,
      });
    }
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'GET' && customerMatch) {
      const customer = customers.get(customerMatch[1]!);
      if (!customer)
        return stripeError(response, 404, `No such customer: '${customerMatch[1]}'`, {
          code: 'resource_missing',
          param: 'id',
        });
      return json(response, 200, customerObject(customer));
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription')
        return stripeError(response, 400, 'This fake serves subscription mode only.', { param: 'mode' });
      if (!form.success_url)
        return stripeError(response, 400, 'Missing required param: success_url.', {
          code: 'parameter_missing',
          param: 'success_url',
        });
      const priceId = form['line_items[0][price]'] ?? '';
      if (!prices.has(priceId))
        return stripeError(response, 400, `No such price: '${priceId}'`, {
          code: 'resource_missing',
          param: 'line_items[0][price]',
        });
      if (form.customer && !customers.has(form.customer))
        return stripeError(response, 400, `No such customer: '${form.customer}'`, {
          code: 'resource_missing',
          param: 'customer',
        });
      const session: CheckoutSession = {
        id: stripeId('cs_test'),
        customer: form.customer ?? null,
        clientReferenceId: form.client_reference_id ?? null,
        priceId,
        successUrl: form.success_url,
        cancelUrl: form.cancel_url ?? null,
        metadata: nested(form, 'metadata'),
        subscriptionMetadata: nested(form, 'subscription_data[metadata]'),
        status: 'open',
        subscription: null,
      };
      checkoutSessions.set(session.id, session);
      return json(response, 200, sessionObject(session));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!form.customer)
        return stripeError(response, 400, 'Missing required param: customer.', {
          code: 'parameter_missing',
          param: 'customer',
        });
      if (!customers.has(form.customer))
        return stripeError(response, 400, `No such customer: '${form.customer}'`, {
          code: 'resource_missing',
          param: 'customer',
        });
      const session: PortalSession = {
        id: stripeId('bps'),
        customer: form.customer,
        returnUrl: form.return_url ?? null,
      };
      portalSessions.set(session.id, session);
      return json(response, 200, {
        id: session.id,
        object: 'billing_portal.session',
        customer: session.customer,
        return_url: session.returnUrl,
        url: `${origin}/p/session/${session.id}`,
        livemode: false,
      });
    }
    return stripeError(response, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function page(response: ServerResponse, title: string, body: string) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(request);
      const form = Object.fromEntries(new URLSearchParams(raw));
      if (url.pathname.startsWith('/v1/')) return api(request, response, url.pathname, form);
      const pay_ = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
      const session = pay_ ? checkoutSessions.get(pay_[1]!) : undefined;
      if (session && request.method === 'GET') {
        return page(
          response,
          'Fake Checkout',
          `<p>Subscribe to ${escapeHtml(session.priceId)}</p>` +
            `<form method="post"><button type="submit">Pay and subscribe</button></form>` +
            (session.cancelUrl ? `<p><a href="${escapeHtml(session.cancelUrl)}">Back</a></p>` : ''),
        );
      }
      if (session && request.method === 'POST') {
        if (session.status === 'open') await pay(session);
        response.writeHead(303, {
          location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id),
        });
        return response.end();
      }
      const portal = /^\/p\/session\/([^/]+)$/.exec(url.pathname);
      const portalSession = portal ? portalSessions.get(portal[1]!) : undefined;
      if (portalSession) {
        return page(
          response,
          'Fake Customer Portal',
          portalSession.returnUrl ? `<p><a href="${escapeHtml(portalSession.returnUrl)}">Return</a></p>` : '',
        );
      }
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    customers,
    checkoutSessions,
    subscriptions,
    deliverTo(next) {
      delivery = next;
    },
    send,
    nowSeconds,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
