import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a prerendered page (and on the server), true once the page is the browser's
 * own: what only this browser knows (its cached theme) waits for it, so the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
