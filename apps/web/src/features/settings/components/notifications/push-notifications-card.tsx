import { useMutation, useQuery } from '@tanstack/react-query';
import { BellRing, Send } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { apiFetch, errorMessage, type ApiData } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import { SettingsGroup } from '../settings-form-kit';

/** The service worker that shows pushed notifications (/sw.js, built with the app: it also keeps the app for offline starts), registered for the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/** This browser's push status (not the server's data): the query only caches a browser check. */
const PUSH_STATUS_KEY = ['browser', 'push-status'] as const;

export const PUSH_TOASTS = {
  enabled: 'Push notifications enabled on this browser',
  enableFailed: 'Failed to enable push notifications',
  notEnabled: 'Push notifications were not turned on',
  disabled: 'Push notifications turned off on this browser',
  disableFailed: 'Failed to turn off push notifications',
  testSent: 'Test notification sent',
  testNothingSent: 'No test notification was sent',
  testFailed: 'Failed to send test notification',
} as const;

type PushSubscriptionBody = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The push endpoints of docs/settings-api.md "Notifications". */
export const pushApi = {
  publicKey: () => apiFetch<ApiData<'/notifications/push/public-key'>>('/notifications/push/public-key'),
  subscribe: (subscription: PushSubscriptionBody) =>
    apiFetch<unknown>('/notifications/push/subscriptions', { method: 'POST', body: subscription }),
  unsubscribe: (endpoint: string) =>
    apiFetch<unknown>('/notifications/push/subscriptions', { method: 'DELETE', body: { endpoint } }),
  test: () => apiFetch<{ email: boolean; push: boolean }>('/notifications/test', { method: 'POST' }),
};

/** A VAPID public key (base64url, as the server sends it) as the bytes pushManager.subscribe wants. */
export function applicationServerKeyFrom(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.trim().replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The subscription as the contract's body: endpoint and keys only. */
function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) {
    throw new Error('The browser returned an incomplete push subscription. Please try again.');
  }
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

type Support = 'supported' | 'insecure' | 'unsupported';

function pushSupport(): Support {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'unsupported';
  if ('serviceWorker' in navigator && 'PushManager' in window) return 'supported';
  // Browsers hide service workers from pages not served over HTTPS (localhost excepted).
  return window.isSecureContext === false ? 'insecure' : 'unsupported';
}

function currentPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Subscribes this browser: permission, service worker, server key, subscribe, then tell the server. */
async function enablePush(): Promise<NotificationPermission> {
  // Asked first, while the click still counts as the user's gesture (Firefox and Safari require one).
  const permission = typeof Notification === 'undefined' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  // subscribe() needs an active worker; `ready` resolves once ours is active.
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await pushApi.publicKey();
  // A subscription made with an earlier server key cannot be reused with the current one.
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKeyFrom(publicKey),
  });
  try {
    await pushApi.subscribe(subscriptionBody(subscription));
  } catch (failure) {
    // The server does not know this subscription, so the browser should not keep it either.
    await subscription.unsubscribe().catch(() => false);
    throw failure;
  }
  return 'granted';
}

type Status =
  | { kind: 'checking' }
  | { kind: 'unsupported'; reason: Exclude<Support, 'supported'> }
  | { kind: 'ready'; permission: NotificationPermission; subscribed: boolean };

const PERMISSION_LABELS: Record<NotificationPermission, string> = {
  granted: 'Allowed',
  denied: 'Blocked',
  default: 'Not asked yet',
};

/** What this browser can do and has done about push; read again on focus (permission may change). */
async function readPushStatus(): Promise<Exclude<Status, { kind: 'checking' }>> {
  const support = pushSupport();
  if (support !== 'supported') return { kind: 'unsupported', reason: support };
  let subscribed = false;
  try {
    subscribed = (await existingSubscription()) !== null;
  } catch (failure) {
    // A browser that cannot tell (private mode, storage blocked) is treated as not subscribed.
    console.error('Reading the push subscription failed', failure);
  }
  return { kind: 'ready', permission: currentPermission(), subscribed };
}

function usePushStatus() {
  const query = useQuery({ queryKey: PUSH_STATUS_KEY, queryFn: readPushStatus, retry: false });
  const status: Status = query.data ?? { kind: 'checking' };
  return { status, refresh: () => query.refetch() };
}

function StatusText({ status }: { status: Status }) {
  if (status.kind === 'checking') return <p role="status">Checking this browser…</p>;
  if (status.kind === 'unsupported') {
    return (
      <p>
        {status.reason === 'insecure'
          ? 'Push notifications need a secure connection: open Lodestar over HTTPS to turn them on.'
          : 'This browser does not support push notifications. A current Chrome, Edge, Firefox or Safari does (on iPhone and iPad, add Lodestar to the Home Screen first).'}
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        {status.subscribed ? (
          <Badge variant="success">On for this browser</Badge>
        ) : (
          <Badge variant="secondary">Off for this browser</Badge>
        )}
        <span>Browser permission: {PERMISSION_LABELS[status.permission]}</span>
      </p>
      {status.permission === 'denied' ? (
        <p role="alert">
          Notifications are blocked for this site. Allow them in your browser’s site settings (the icon next
          to the address bar), then reload this page.
        </p>
      ) : null}
    </div>
  );
}

/** Subscribes this browser to Web Push (service worker) and sends a test notification. */
export function PushNotificationsCard() {
  const onSessionExpired = useSessionExpiredHandler();
  const { status, refresh } = usePushStatus();

  const enable = useMutation({
    mutationFn: enablePush,
    onSuccess: (permission) => {
      if (permission === 'granted') toast.success(PUSH_TOASTS.enabled);
      else if (permission === 'default') {
        toast.info(PUSH_TOASTS.notEnabled, {
          description: 'The browser was not given permission to notify.',
        });
      }
    },
    onError: (failure) => {
      console.error('Enabling push notifications failed', failure);
      if (onSessionExpired(failure)) return;
      toast.error(PUSH_TOASTS.enableFailed, { description: errorMessage(failure) });
    },
    onSettled: () => void refresh(),
  });

  const disable = useMutation({
    mutationFn: async () => {
      const subscription = await existingSubscription();
      if (!subscription) return;
      // The server forgets it first, so a failure leaves both sides still subscribed, not half.
      await pushApi.unsubscribe(subscription.endpoint);
      await subscription.unsubscribe();
    },
    onSuccess: () => toast.success(PUSH_TOASTS.disabled),
    onError: (failure) => {
      console.error('Turning off push notifications failed', failure);
      if (onSessionExpired(failure)) return;
      toast.error(PUSH_TOASTS.disableFailed, { description: errorMessage(failure) });
    },
    onSettled: () => void refresh(),
  });

  const test = useMutation({
    mutationFn: pushApi.test,
    onSuccess: ({ email, push }) => {
      if (!email && !push) {
        toast.info(PUSH_TOASTS.testNothingSent, {
          description: 'Turn on email or push notifications above first.',
        });
        return;
      }
      const how =
        email && push ? 'by email and as a push notification' : email ? 'by email' : 'as a push notification';
      toast.success(PUSH_TOASTS.testSent, { description: `Sent ${how}.` });
    },
    onError: (failure) => {
      console.error('Sending a test notification failed', failure);
      if (onSessionExpired(failure)) return;
      toast.error(PUSH_TOASTS.testFailed, { description: errorMessage(failure) });
    },
  });

  const busy = enable.isPending || disable.isPending;
  return (
    <SettingsGroup
      title="Push on this browser"
      description="Each browser and device is turned on separately. Pushes arrive while the Push Notifications switch is on."
    >
      <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 gap-3 text-sm">
          <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 text-muted-foreground" aria-live="polite">
            <StatusText status={status} />
          </div>
        </div>
        {status.kind === 'ready' ? (
          <div className="shrink-0">
            {status.subscribed ? (
              <Button variant="outline" disabled={busy} onClick={() => disable.mutate()}>
                {disable.isPending ? 'Turning Off...' : 'Turn Off on This Browser'}
              </Button>
            ) : (
              <Button disabled={busy || status.permission === 'denied'} onClick={() => enable.mutate()}>
                {enable.isPending ? 'Enabling...' : 'Enable on This Browser'}
              </Button>
            )}
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 gap-3 text-sm">
          <Send aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <p className="text-muted-foreground">
            Sends a test by email and to every subscribed browser, following your switches above.
          </p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          disabled={test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? 'Sending...' : 'Send Test Notification'}
        </Button>
      </div>
    </SettingsGroup>
  );
}
