import { useSyncExternalStore } from 'react';

/**
 * Household sharing (ADR 038): the household this browser acts in. Empty means the signed-in person's
 * own; otherwise the owner's user id, sent with every API request as X-Lodestar-Household (the server
 * checks membership and access on each one).
 */
export const HOUSEHOLD_HEADER = 'x-lodestar-household';
const STORAGE_KEY = 'lodestar.household';
const CHANGED = 'lodestar:household-changed';

export function actingHousehold(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function setActingHousehold(ownerUserId: string | null): void {
  try {
    if (ownerUserId) window.localStorage.setItem(STORAGE_KEY, ownerUserId);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage is off: the choice lasts until the page reloads.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useActingHousehold(): string | null {
  return useSyncExternalStore(subscribe, actingHousehold, () => null);
}
