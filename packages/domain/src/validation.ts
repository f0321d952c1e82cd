import { z } from 'zod';
import { LIMITS, PREFERENCES_TIMING, type THEMES } from './constants';
import { MESSAGES } from './messages';
import { newPasswordErrors, signUpPasswordError } from './password';

/**
 * Input rules of spec §5 as zod schemas shared by the web app and the server, with the spec's exact
 * messages. Each field reports one message: the first rule it breaks.
 */

export { MESSAGES };

// A practical address pattern: local part, @, dotted domain with a 2+ letter top-level label.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Spec §5 email check on a raw value; returns the normalised address or the first failing message. */
export function checkEmail(raw: string): { ok: true; email: string } | { ok: false; message: string } {
  const email = raw.trim().toLowerCase();
  if (!email) return { ok: false, message: MESSAGES.emailRequired };
  if (email.length > LIMITS.emailMaxLength) return { ok: false, message: MESSAGES.emailTooLong };
  if (!EMAIL_PATTERN.test(email)) return { ok: false, message: MESSAGES.emailInvalid };
  return { ok: true, email };
}

/** Email: trimmed, lower-cased, required, at most 254 characters, standard pattern. */
export const emailSchema = z.string().transform((raw, ctx) => {
  const result = checkEmail(raw);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.email;
});

function firstError<T>(check: (value: T) => string | undefined) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

/**
 * The shared sign-in/sign-up check: both fields required together ('Please enter your email and
 * password'), then the email rules. Returns false when the form is incomplete.
 */
function checkCredentials(value: { email: string; password: string }, ctx: z.RefinementCtx): boolean {
  if (!value.email.trim() || !value.password) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.enterEmailAndPassword, path: ['email'] });
    return false;
  }
  const email = checkEmail(value.email);
  if (!email.ok) {
    ctx.addIssue({ code: 'custom', message: email.message || MESSAGES.enterValidEmail, path: ['email'] });
  }
  return true;
}

const normaliseEmail = <T extends { email: string }>(value: T): T => ({
  ...value,
  email: value.email.trim().toLowerCase(),
});

/** Sign-in: both fields required together; a bad email keeps the validator's message. */
export const signInSchema = z
  .object({ email: z.string(), password: z.string() })
  .superRefine((value, ctx) => void checkCredentials(value, ctx))
  .transform(normaliseEmail);

/** Sign-up: email, a strong password and accepted terms. */
export const signUpSchema = z
  .object({
    email: z.string(),
    password: z.string(),
    fullName: z.string().optional(),
    acceptTerms: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (!checkCredentials(value, ctx)) return;
    const password = signUpPasswordError(value.password);
    if (password) ctx.addIssue({ code: 'custom', message: password, path: ['password'] });
    if (!value.acceptTerms) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.acceptTerms, path: ['acceptTerms'] });
    }
  })
  .transform(normaliseEmail);

/** Password reset request: a valid email. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** A new password (change or reset): the first failing rule of spec §5. */
export const newPasswordSchema = z
  .string()
  .superRefine(firstError((value: string) => newPasswordErrors(value)[0]));

/** Change-password form (spec §5): current required, new per the rules, confirmation required and equal. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, MESSAGES.confirmPassword),
  })
  .refine((value) => !value.confirmPassword || value.newPassword === value.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** Reset-password form (spec §5): the new-password rules plus a matching confirmation. */
export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, MESSAGES.confirmPassword) })
  .refine((value) => !value.confirmPassword || value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

const NAME_PATTERN = /^[\p{L}\p{M}\s'’-]+$/u;

/** Profile full name: trimmed, 2–100 characters, letters, spaces, hyphens and apostrophes only. */
export const fullNameSchema = z
  .string()
  .trim()
  .superRefine(
    firstError((value: string) => {
      if ([...value].length < LIMITS.nameMinLength) return MESSAGES.nameTooShort;
      if ([...value].length > LIMITS.nameMaxLength) return MESSAGES.nameTooLong;
      if (!NAME_PATTERN.test(value)) return MESSAGES.nameCharacters;
      return undefined;
    }),
  );

/** What a blank threshold input means: spending off, the other two their defaults. */
const THRESHOLD_BLANK = {
  spending: null,
  low_balance: PREFERENCES_TIMING.lowBalanceDefault,
  large_transaction: PREFERENCES_TIMING.largeTransactionDefault,
} as const;

/**
 * Reads a threshold text input (spec §5): blank spending → null (disabled), blank low balance → 100;
 * anything that is not a non-negative number up to 1,000,000 → 'Please enter a valid positive number'.
 */
export function parseThresholdInput(
  kind: 'spending' | 'low_balance' | 'large_transaction',
  raw: string,
): { ok: true; value: number | null } | { ok: false; message: string } {
  const text = raw.trim();
  if (!text) return { ok: true, value: THRESHOLD_BLANK[kind] };
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > PREFERENCES_TIMING.thresholdMax) {
    return { ok: false, message: MESSAGES.positiveNumber };
  }
  return { ok: true, value };
}

export type Theme = (typeof THEMES)[number];

/** A 2FA code: exactly six digits after trimming ('Please enter a 6-digit code'). */
export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, MESSAGES.sixDigitCode);

/**
 * OTP input (spec §5): keeps only the characters matching `allowed` (one character at a time; default
 * digits), truncated to `length` characters (default 6).
 */
export function sanitizeOtpInput(
  value: string,
  length: number = LIMITS.otpLength,
  allowed: RegExp = /\d/,
): string {
  // A global or sticky pattern keeps state between test() calls; a fresh copy without those flags does not.
  const pattern = new RegExp(allowed.source, allowed.flags.replace(/[gy]/g, ''));
  return [...value]
    .filter((character) => pattern.test(character))
    .slice(0, length)
    .join('');
}

/** The password prompt of the Disable 2FA dialog and verify-password: non-blank ('Please enter your password'). */
export const passwordPromptSchema = z
  .string()
  .refine((value) => value.trim().length > 0, MESSAGES.enterPassword);

/** Disable 2FA request body. */
export const disableTwoFactorSchema = z.object({ password: passwordPromptSchema });

/** POST user/verify-password body (spec §3): `{ password }`. */
export const verifyPasswordSchema = z.object({ password: passwordPromptSchema });

/** POST user/mfa/verify body (spec §3): `{ factorId, code }` with a six-digit code. */
export const mfaVerifySchema = z.object({ factorId: z.string().min(1), code: otpCodeSchema });

export type ValidationItem = { field: string; message: string; code: string };

export type ValidationFailure = {
  success: false;
  error: 'Validation failed';
  items: ValidationItem[];
  timestamp: string;
};

/**
 * zod issues → the spec's items `{ field, message, code }`: field is the dotted path ('alert_thresholds.spending')
 * or 'body' for a form-level issue; code is zod's issue code ('custom', 'invalid_type', …).
 */
export function validationItems(issues: readonly z.core.$ZodIssue[]): ValidationItem[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
    code: issue.code,
  }));
}

/** The spec's 'Validation failed' result (spec §5); `timestamp` is passed in as an ISO 8601 string. */
export function validationFailure(error: z.ZodError, timestamp: string): ValidationFailure {
  return { success: false, error: 'Validation failed', items: validationItems(error.issues), timestamp };
}
