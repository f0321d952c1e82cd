import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { applicationServerKeyFrom, PushNotificationsCard } from './push-notifications-card';

// A P-256 public key as web-push generates it (base64url, 65 bytes).
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/**
 * The browser's push machinery, faked at its edge (navigator.serviceWorker, PushManager, Notification):
 * it remembers the worker registered, the key subscribed with and whether a subscription exists.
 */
function installBrowserPush({ permissionAnswer = 'granted' as NotificationPermission } = {}) {
  const state = {
    registered: [] as { url: string; scope?: string }[],
    subscribedWith: undefined as Uint8Array | undefined,
    subscription: null as FakeSubscription | null,
    permission: 'default' as NotificationPermission,
  };
  class FakeSubscription {
    endpoint = 'https://push.example.test/send/abc123';
    unsubscribe = vi.fn(async () => {
      state.subscription = null;
      return true;
    });
    toJSON() {
      return {
        endpoint: this.endpoint,
        expirationTime: null,
        keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
      };
    }
  }
  const registration = {
    pushManager: {
      getSubscription: async () => state.subscription,
      subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        expect(options.userVisibleOnly).toBe(true);
        state.subscribedWith = options.applicationServerKey;
        state.subscription = new FakeSubscription();
        return state.subscription;
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string, options?: { scope?: string }) => {
        state.registered.push({ url, scope: options?.scope });
        return registration;
      },
      ready: Promise.resolve(registration),
      getRegistration: async () =>
        state.registered.length > 0 || state.subscription ? registration : undefined,
    },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class PushManager {} });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return state.permission;
      },
      requestPermission: async () => {
        state.permission = permissionAnswer;
        return permissionAnswer;
      },
    },
  });
  return { state, subscribe: () => (state.subscription = new FakeSubscription()) };
}

function removeBrowserPush() {
  for (const [target, key] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
  ] as const) {
    if (Object.getOwnPropertyDescriptor(target, key)?.configurable) Reflect.deleteProperty(target, key);
  }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  removeBrowserPush();
  vi.restoreAllMocks();
});

describe('Push notifications card', () => {
  it('says when this browser cannot receive push, and still offers a test', async () => {
    renderWithProviders(<PushNotificationsCard />);
    expect(await screen.findByText(/This browser does not support push notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable on This Browser' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Test Notification' })).toBeEnabled();
  });

  it('enables push: permission, /sw.js, the server key, subscribe, then saves the subscription', async () => {
    const user = userEvent.setup();
    const browser = installBrowserPush();
    server.on('GET', '/api/v1/notifications/push/public-key', () => ok({ publicKey: PUBLIC_KEY }));
    server.on('POST', '/api/v1/notifications/push/subscriptions', () =>
      ok({ endpoint: 'https://push.example.test/send/abc123' }),
    );
    renderWithProviders(<PushNotificationsCard />);
    expect(await screen.findByText('Off for this browser')).toBeInTheDocument();
    expect(screen.getByText('Browser permission: Not asked yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable on This Browser' }));
    expect(await screen.findByText('Push notifications enabled on this browser')).toBeInTheDocument();
    expect(await screen.findByText('On for this browser')).toBeInTheDocument();
    expect(screen.getByText('Browser permission: Allowed')).toBeInTheDocument();
    expect(browser.state.registered).toEqual([{ url: '/sw.js', scope: '/' }]);
    expect(browser.state.subscribedWith).toEqual(applicationServerKeyFrom(PUBLIC_KEY));
    expect(server.calls('/api/v1/notifications/push/subscriptions', 'POST')[0]?.body).toEqual({
      endpoint: 'https://push.example.test/send/abc123',
      keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
    });
  });

  it('undoes the browser subscription when the server refuses it', async () => {
    const user = userEvent.setup();
    const browser = installBrowserPush();
    server.on('GET', '/api/v1/notifications/push/public-key', () => ok({ publicKey: PUBLIC_KEY }));
    server.on('POST', '/api/v1/notifications/push/subscriptions', () =>
      fail(503, 'Push notifications are not configured on this server'),
    );
    renderWithProviders(<PushNotificationsCard />);
    await user.click(await screen.findByRole('button', { name: 'Enable on This Browser' }));
    expect(await screen.findByText('Failed to enable push notifications')).toBeInTheDocument();
    expect(screen.getByText('Push notifications are not configured on this server')).toBeInTheDocument();
    expect(browser.state.subscription).toBeNull();
    expect(await screen.findByText('Off for this browser')).toBeInTheDocument();
  });

  it('explains blocked permission and subscribes nothing', async () => {
    const user = userEvent.setup();
    const browser = installBrowserPush({ permissionAnswer: 'denied' });
    renderWithProviders(<PushNotificationsCard />);
    await user.click(await screen.findByRole('button', { name: 'Enable on This Browser' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked for this site');
    expect(screen.getByText('Browser permission: Blocked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable on This Browser' })).toBeDisabled();
    expect(browser.state.registered).toEqual([]);
    expect(server.calls('/api/v1/notifications/push/public-key')).toHaveLength(0);
  });

  it('turns push off: the server forgets the endpoint and the browser unsubscribes', async () => {
    const user = userEvent.setup();
    const browser = installBrowserPush();
    browser.state.permission = 'granted';
    const subscription = browser.subscribe();
    server.on('DELETE', '/api/v1/notifications/push/subscriptions', () => ok({ deleted: true }));
    renderWithProviders(<PushNotificationsCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn Off on This Browser' }));
    expect(await screen.findByText('Push notifications turned off on this browser')).toBeInTheDocument();
    expect(server.calls('/api/v1/notifications/push/subscriptions', 'DELETE')[0]?.body).toEqual({
      endpoint: 'https://push.example.test/send/abc123',
    });
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(await screen.findByText('Off for this browser')).toBeInTheDocument();
  });

  it('sends a test notification and says how it went out', async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/notifications/test', () => ok({ email: true, push: false }));
    renderWithProviders(<PushNotificationsCard />);
    await user.click(await screen.findByRole('button', { name: 'Send Test Notification' }));
    expect(await screen.findByText('Test notification sent')).toBeInTheDocument();
    expect(screen.getByText('Sent by email.')).toBeInTheDocument();
  });

  it('says when the test sent nothing, and when it failed', async () => {
    const user = userEvent.setup();
    let answer = ok({ email: false, push: false });
    server.on('POST', '/api/v1/notifications/test', () => answer);
    renderWithProviders(<PushNotificationsCard />);
    await user.click(await screen.findByRole('button', { name: 'Send Test Notification' }));
    expect(await screen.findByText('No test notification was sent')).toBeInTheDocument();
    answer = fail(500, 'Mail server unreachable');
    await user.click(screen.getByRole('button', { name: 'Send Test Notification' }));
    expect(await screen.findByText('Failed to send test notification')).toBeInTheDocument();
  });
});

const SERVICE_WORKER = readFileSync(resolve(import.meta.dirname, '../../../../../public/push-sw.js'), 'utf8');

/** Runs public/push-sw.js (the push handlers the service worker imports) against a fake worker global and returns its event listeners. */
function loadServiceWorker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: unknown }[] = [];
  const opened: string[] = [];
  const worker = {
    location: { origin: 'https://lodestar.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: unknown) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  new Function('self', SERVICE_WORKER)(worker);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { listeners, shown, opened, dispatch };
}

describe('public/sw.js', () => {
  it('listens to push and notificationclick only (no fetch handler, no caching)', () => {
    expect([...loadServiceWorker().listeners.keys()].sort()).toEqual(['notificationclick', 'push']);
    expect(SERVICE_WORKER).not.toMatch(/caches\./);
  });

  it('shows a pushed notification with its body and a same-site url', async () => {
    const worker = loadServiceWorker();
    const data = (value: unknown) => ({ json: () => value, text: () => JSON.stringify(value) });
    await worker.dispatch('push', {
      data: data({ title: 'Low balance', body: 'Checking is below $100', url: '/accounts' }),
    });
    await worker.dispatch('push', { data: data({ body: 'x', url: 'https://evil.example/phish' }) });
    expect(worker.shown).toEqual([
      {
        title: 'Low balance',
        options: { body: 'Checking is below $100', data: { url: 'https://lodestar.example/accounts' } },
      },
      { title: 'Lodestar', options: { body: 'x', data: { url: 'https://lodestar.example/' } } },
    ]);
  });

  it('focuses an open window on the url, or opens one', async () => {
    const focus = vi.fn(async () => undefined);
    const worker = loadServiceWorker([{ url: 'https://lodestar.example/accounts', focus }]);
    const click = (url: string) => ({ notification: { close: vi.fn(), data: { url } } });
    await worker.dispatch('notificationclick', click('https://lodestar.example/accounts'));
    expect(focus).toHaveBeenCalledTimes(1);
    await worker.dispatch('notificationclick', click('https://lodestar.example/settings/notifications'));
    expect(worker.opened).toEqual(['https://lodestar.example/settings/notifications']);
  });
});

describe('applicationServerKeyFrom', () => {
  it('decodes base64url to the 65 bytes of a P-256 key', () => {
    const bytes = applicationServerKeyFrom(PUBLIC_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
