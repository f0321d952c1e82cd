import { WifiOff } from 'lucide-react';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * TanStack Query assumes it is online until the browser says otherwise: an app started offline (from the
 * service worker) tells it at once, so its requests wait for the connection instead of failing.
 */
export function startOnlineTracking(): void {
  onlineManager.setOnline(navigator.onLine);
}

/** Whether the browser says it has a connection (always online on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export const OFFLINE_NOTICE = {
  title: 'You are offline',
  text: 'Pages open from this browser; their data loads when the connection is back.',
} as const;

/**
 * Said at the top of every screen while the browser is offline: requests wait for the connection
 * (TanStack Query pauses them) instead of failing, and the app itself starts from the service worker.
 */
export function OfflineNotice() {
  const online = useOnline();
  // Nothing at all while online: other loading messages on the page are the only status then.
  if (online) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-lg items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm text-card-foreground shadow-lg"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <strong className="font-semibold">{OFFLINE_NOTICE.title}.</strong> {OFFLINE_NOTICE.text}
      </span>
    </p>
  );
}
