import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_ALPHABET, generateRecoveryCodes } from './recovery-codes';

describe('recovery codes', () => {
  it('never contain characters that read alike (I, l, 1, O, 0) and keep the xxxxx-xxxxx form', () => {
    const codes = generateRecoveryCodes(2_000);
    expect(codes).toHaveLength(2_000);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(code).not.toMatch(/[Il1O0io]/);
    }
    // Every character of the alphabet turns up: the codes use all of it.
    const seen = new Set(codes.join('').replaceAll('-', ''));
    expect([...seen].sort().join('')).toBe([...RECOVERY_CODE_ALPHABET].sort().join(''));
    expect(new Set(codes).size).toBe(codes.length);
  });
});
