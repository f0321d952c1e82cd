import { randomInt } from 'node:crypto';

/**
 * Letters and digits that cannot be mistaken for one another when a code is read off paper or a screen:
 * no i, l, o (like 1, I, 0) and no 0 or 1; lower case only, so capitals never have to be told apart.
 */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `count` recovery codes of ten characters from RECOVERY_CODE_ALPHABET, written `xxxxx-xxxxx`. */
export function generateRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let index = 0; index < 10; index += 1) {
      code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    }
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
