import { describe, expect, it } from 'vitest';
import { looksLikeWalletSecret } from './wallet-secrets';

describe('wallet secrets', () => {
  it.each([
    'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
    '5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ',
    'KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617',
    '0xe9873d79c6d87dc0fb6a5778633389f4453213303da61f20bd67fc233aa33262',
    'e9873d79c6d87dc0fb6a5778633389f4453213303da61f20bd67fc233aa33262',
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    '1. legal 2. winner 3. thank 4. year 5. wave 6. sausage 7. worth 8. useful 9. legal 10. winner 11. thank 12. yellow',
    'Legal Winner Thank Year Wave Sausage Worth Useful Legal Winner Thank Yellow',
    `[${Array.from({ length: 64 }, (_, index) => index * 3).join(',')}]`,
    '4Z7cXSyeFR8wNGMVXUE1TwtKn5D5Vu7FzEv69dokLv7KrQk7h6pu4LF8ZRR9yQBhc7uSM6RTTZtU1fmaxiNrxXrs',
  ])('refuses %s', (value) => {
    expect(looksLikeWalletSecret(value)).toBe(true);
  });

  it.each([
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA',
    'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    'Cold storage',
    'My savings for the house',
    '',
  ])('accepts %s', (value) => {
    expect(looksLikeWalletSecret(value)).toBe(false);
  });
});
