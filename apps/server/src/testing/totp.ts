import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The current 6-digit code for an authenticator's manual-entry (base32) secret. */
export function totpCode(base32Secret: string): Promise<string> {
  const raw = new TextDecoder().decode(base32.decode(base32Secret.replace(/\s+/g, '').toUpperCase()));
  return createOTP(raw, { digits: 6, period: 30 }).totp();
}
