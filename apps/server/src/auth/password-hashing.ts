/**
 * How account passwords are hashed and checked. The app uses better-auth's own (scrypt, N = 16384,
 * r = 16, p = 1, 64-byte key, stored as `salt:key` in hex) unless one is given: about 180 ms of one core
 * per hash on a 2-core machine, which is the point of it. The in-process test app gives the same scheme
 * at a lower cost (testing/quick-password-hashing.ts), so hundreds of sign-ups in the suite do not spend
 * minutes on it; the default itself is checked in auth/passwords.test.ts.
 */
export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};
