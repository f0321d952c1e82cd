/**
 * Fixed-window rate limiting (spec §4): requests are counted in windows aligned to multiples of the
 * window length. The counting itself lives in the server's stores (apps/server/src/http/rate-limit.ts:
 * one process in memory, several through Redis); this is the window arithmetic they share.
 */

/** The window containing `now` (epoch ms): its start (inclusive) and the moment it resets (exclusive), both epoch ms. */
export function fixedWindow(now: number, windowMs: number): { start: number; reset: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, reset: start + windowMs };
}
