import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHashing } from '../auth/password-hashing';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/** better-auth's format (`salt:key` in hex, NFKC-normalised password) with scrypt at N = 1024, r = 8. */
const COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;

/**
 * The in-process test app's password hashing (see auth/password-hashing.ts): real scrypt, well under a
 * millisecond per hash, so the suite's sign-ups cost what the rest of their requests do.
 */
export const quickPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, COST);
    return `${salt}:${key.toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await scryptAsync(password.normalize('NFKC'), salt, expected.length, COST);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
