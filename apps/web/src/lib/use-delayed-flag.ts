import { useEffect, useState } from 'react';

/**
 * True once `key` has stayed non-null for `delayMs`: a loading indicator that only appears when
 * loading is slow enough to notice, instead of flashing on every fast navigation.
 */
export function useDelayedFlag(key: string | null, delayMs: number): boolean {
  const [elapsedFor, setElapsedFor] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const timer = window.setTimeout(() => setElapsedFor(key), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, delayMs]);
  return key !== null && elapsedFor === key;
}
