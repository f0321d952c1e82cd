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

/** Common character substitutions ("leetspeak"), undone; `1` and `|` stand for i or l, so both are tried. */
const LEET: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '+': 't',
  '€': 'e',
};

function undoLeet(value: string, one: 'i' | 'l'): string {
  let out = '';
  for (const char of value) out += char === '1' || char === '|' ? one : (LEET[char] ?? char);
  return out;
}

/**
 * How people decorate a common word to pass composition rules, at the end: up to three symbols, up to
 * four digits (a year, "123"), up to three symbols again ("Password123!", "Summer2024!!", "Dragon!1").
 * Every number of trailing digits is tried, since a substituted letter can be a digit too ("m1m11!").
 */
const TRAILING_SYMBOLS = /[^\p{L}\p{N}]{1,3}$/u;
const TRAILING_DIGITS = /\p{N}{1,4}$/u;

function withoutTrailingDecoration(value: string): string[] {
  const found: string[] = [];
  const core = value.replace(TRAILING_SYMBOLS, '');
  const digits = [...(TRAILING_DIGITS.exec(core)?.[0] ?? '')].length;
  for (let k = 0; k <= digits; k++) {
    const shorter = [...core].slice(0, [...core].length - k).join('');
    found.push(shorter, shorter.replace(TRAILING_SYMBOLS, ''));
  }
  return found;
}

/** Up to three symbols in front ("!Dragon1"). */
const LEADING_DECORATION = /^[^\p{L}\p{N}]{1,3}/u;

/** A decorated word must keep at least this many characters to be looked up (shorter bases are noise). */
const MIN_BASE_LENGTH = 4;

/**
 * The forms of a password to look up in a common-password list, so that decorated common passwords are
 * refused too: the password, case-folded; without its trailing digits, year and symbols; and each of
 * those with common substitutions undone (`P@ssw0rd2024!` → `password`); leading symbols removed
 * too. Pure; no duplicates.
 */
export function commonPasswordForms(password: string): string[] {
  const folded = password.normalize('NFKC').toLowerCase();
  const unprefixed = folded.replace(LEADING_DECORATION, '');
  const forms = new Set<string>([password, folded]);
  const bases = new Set([folded]);
  for (const start of [folded, unprefixed]) {
    for (const base of [start, ...withoutTrailingDecoration(start)]) {
      if ([...base].length >= MIN_BASE_LENGTH) bases.add(base);
    }
  }
  for (const value of bases) {
    forms.add(value);
    forms.add(undoLeet(value, 'i'));
    forms.add(undoLeet(value, 'l'));
  }
  return [...forms];
}
