import { LIMITS } from './constants';

/** Spec §5 password strength feedback, in the order they are checked. */
export const PASSWORD_FEEDBACK = {
  length: 'Use at least 12 characters',
  mixedCase: 'Include both uppercase and lowercase letters',
  number: 'Include at least one number',
  special: 'Include at least one special character',
} as const;

/** Spec §5 password messages; `{n}` in the length message is the minimum length. */
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooWeak: 'Password is too weak',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  /** Spec §8: a password found on a breach list (shown for 6 s). */
  breached: 'This password has appeared in a data breach. Please choose a different, stronger password.',
} as const;

/** 'Password must be at least {n} characters' for a minimum of `n` (default 12). */
export function passwordMinLengthMessage(n: number = LIMITS.passwordMinLength): string {
  return `Password must be at least ${n} characters`;
}

export type PasswordStrength = {
  /** 0–5: one point each for 12+ chars, 16+ chars, mixed case, a digit, a special character. */
  score: number;
  level: 'weak' | 'medium' | 'strong';
  feedback: string[];
};

const hasLower = (value: string) => /\p{Ll}/u.test(value);
const hasUpper = (value: string) => /\p{Lu}/u.test(value);
const hasDigit = (value: string) => /\d/.test(value);
const hasSpecial = (value: string) => /[^\p{L}\d\s]/u.test(value);

/**
 * Scores a password (spec §5), one point each for 12+ characters, 16+ characters, mixed case, a digit
 * and a special character (anything not a letter, digit or space): below 3 weak, 3–4 medium, 5 strong.
 * Length counts code points. Feedback lists the unmet hints in the spec's order.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  const feedback: string[] = [];
  let score = 0;
  if (length >= LIMITS.passwordMinLength) score += 1;
  else feedback.push(PASSWORD_FEEDBACK.length);
  if (length >= 16) score += 1;
  if (hasLower(password) && hasUpper(password)) score += 1;
  else feedback.push(PASSWORD_FEEDBACK.mixedCase);
  if (hasDigit(password)) score += 1;
  else feedback.push(PASSWORD_FEEDBACK.number);
  if (hasSpecial(password)) score += 1;
  else feedback.push(PASSWORD_FEEDBACK.special);
  const level = score < 3 ? 'weak' : score < 5 ? 'medium' : 'strong';
  return { score, level, feedback };
}

/**
 * Sign-up password check (spec §5): '' → 'Password is required'; shorter than `minLength` (12) →
 * 'Password must be at least 12 characters'; weak → the first feedback line or 'Password is too weak'.
 * Returns undefined when acceptable.
 */
export function signUpPasswordError(
  password: string,
  minLength: number = LIMITS.passwordMinLength,
): string | undefined {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  if ([...password].length < minLength) return passwordMinLengthMessage(minLength);
  const strength = passwordStrength(password);
  if (strength.level === 'weak') return strength.feedback[0] ?? PASSWORD_MESSAGES.tooWeak;
  return undefined;
}

/**
 * New or reset password rules (spec §5): at least 12 characters with an uppercase letter, a lowercase
 * letter, a number and a special character. Returns every failed rule's message, in order.
 */
export function newPasswordErrors(password: string): string[] {
  const errors: string[] = [];
  if ([...password].length < LIMITS.passwordMinLength) errors.push(passwordMinLengthMessage());
  if (!hasUpper(password)) errors.push(PASSWORD_MESSAGES.uppercase);
  if (!hasLower(password)) errors.push(PASSWORD_MESSAGES.lowercase);
  if (!hasDigit(password)) errors.push(PASSWORD_MESSAGES.number);
  if (!hasSpecial(password)) errors.push(PASSWORD_MESSAGES.special);
  return errors;
}
