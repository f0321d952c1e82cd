import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretKeyId, SecretUnreadableError } from './secret-box';

const KEY = 'an-encryption-key-of-at-least-32-characters';
const OTHER = 'another-encryption-key-of-32-characters-or-more';

describe('secret box', () => {
  it('seals with a fresh nonce and opens to the same text', () => {
    const a = sealSecret('https://user:pass@bridge.example/simplefin', KEY);
    const b = sealSecret('https://user:pass@bridge.example/simplefin', KEY);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.ciphertext).not.toContain('pass');
    expect(a.keyId).toBe(secretKeyId(KEY));
    expect(openSecret(a, KEY)).toBe('https://user:pass@bridge.example/simplefin');
  });

  it('refuses another key and a tampered value', () => {
    const sealed = sealSecret('secret', KEY);
    expect(() => openSecret(sealed, OTHER)).toThrow(SecretUnreadableError);
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => openSecret({ ...sealed, ciphertext: raw.toString('base64') }, KEY)).toThrow(
      'The stored secret is damaged',
    );
  });
});
