import {
  deleteUnverifiedTwoFactor,
  findTwoFactorFactor,
  listTwoFactorFactors,
  removeTwoFactorFactor,
  twoFactor,
  type Database,
} from '@lodestar/db';
import { createOTP } from '@better-auth/utils/otp';
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { AppError } from '../http/app-error';
import { RECOVERY_CODE_COUNT, type Auth } from './auth';
import { generateRecoveryCodes } from './recovery-codes';

/**
 * TOTP enrolment in the spec's three steps (enroll → verify → recovery codes) on better-auth's
 * `two_factor` table, written in the format its twoFactor plugin reads at sign-in: the secret and
 * the recovery codes encrypted with the auth secret. Verification goes through the plugin itself.
 */

const ISSUER = 'Lodestar';

export type Factor = {
  id: string;
  type: 'totp';
  status: 'verified' | 'unverified';
  friendlyName: string;
  createdAt: string;
};

export async function enrollTotp(options: { auth: Auth; db: Database; userId: string; email: string }) {
  const { auth, db, userId, email } = options;
  const existing = await listTwoFactorFactors(db, userId);
  if (existing.some((factor) => factor.verified)) {
    throw new AppError('CONFLICT', 'Two-factor authentication is already enabled');
  }
  // A new enrolment replaces one that was started and abandoned.
  await deleteUnverifiedTwoFactor(db, userId);
  const context = await auth.$context;
  const secret = generateRandomString(32);
  const factorId = context.generateId({ model: 'twoFactor' }) || crypto.randomUUID();
  await db.insert(twoFactor).values({
    id: factorId,
    userId,
    verified: false,
    secret: await symmetricEncrypt({ key: context.secretConfig, data: secret }),
    backupCodes: await symmetricEncrypt({
      key: context.secretConfig,
      data: JSON.stringify(generateRecoveryCodes(RECOVERY_CODE_COUNT)),
    }),
  });
  const uri = createOTP(secret, { digits: 6, period: 30 }).url(ISSUER, email);
  const manualCode = new URL(uri).searchParams.get('secret') ?? '';
  return { factorId, uri, secret: manualCode };
}

/** Checks the first code; on success 2FA is on and the recovery codes are returned, this once. */
export async function verifyTotpEnrollment(options: {
  auth: Auth;
  db: Database;
  userId: string;
  factorId: string;
  code: string;
  headers: Headers;
}): Promise<{ recoveryCodes: string[]; setCookies: string[] }> {
  const { auth, db, userId, factorId, code, headers } = options;
  const factor = await findTwoFactorFactor(db, userId, factorId);
  if (!factor) throw AppError.notFound('No such authenticator factor');
  if (factor.verified) throw new AppError('CONFLICT', 'This authenticator is already verified');
  let response: Response;
  try {
    response = await auth.api.verifyTOTP({ body: { code }, headers, asResponse: true });
  } catch {
    throw invalidCode();
  }
  if (!response.ok) throw invalidCode();
  const context = await auth.$context;
  const codes = JSON.parse(
    await symmetricDecrypt({ key: context.secretConfig, data: factor.backupCodes }),
  ) as string[];
  return { recoveryCodes: codes, setCookies: response.headers.getSetCookie() };
}

function invalidCode(): AppError {
  return AppError.validation([{ field: 'code', message: 'Invalid verification code', code: 'invalid_code' }]);
}

export async function listFactors(db: Database, userId: string): Promise<Factor[]> {
  const rows = await listTwoFactorFactors(db, userId);
  return rows.map((row) => ({
    id: row.id,
    type: 'totp' as const,
    status: row.verified ? ('verified' as const) : ('unverified' as const),
    friendlyName: 'Authenticator app',
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function unenrollFactor(db: Database, userId: string, factorId: string): Promise<void> {
  if (!(await removeTwoFactorFactor(db, userId, factorId)))
    throw AppError.notFound('No such authenticator factor');
}
