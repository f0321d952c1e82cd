import { type z } from 'zod';
import { describe, expect, it } from 'vitest';
import { alertThresholdsSchema, themeSchema } from './preferences';
import {
  changePasswordSchema,
  checkEmail,
  disableTwoFactorSchema,
  emailSchema,
  fullNameSchema,
  MESSAGES,
  mfaVerifySchema,
  newPasswordSchema,
  otpCodeSchema,
  parseThresholdInput,
  passwordPromptSchema,
  passwordResetRequestSchema,
  resetPasswordSchema,
  sanitizeOtpInput,
  signInSchema,
  signUpSchema,
  validationFailure,
  validationItems,
  verifyPasswordSchema,
} from './validation';

type Parsed = { success: boolean; error?: { issues: z.core.$ZodIssue[] } };
const messages = (result: Parsed) =>
  result.success ? [] : (result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

const STRONG = 'Abcdefghijk1!';

describe('spec messages', () => {
  it('quotes every message of spec §5 for these forms exactly', () => {
    expect(MESSAGES).toEqual({
      emailRequired: 'Email is required',
      emailTooLong: 'Email address is too long',
      emailInvalid: 'Invalid email format',
      enterEmailAndPassword: 'Please enter your email and password',
      enterValidEmail: 'Please enter a valid email address',
      acceptTerms: 'Please accept the Terms of Service and Privacy Policy',
      currentPasswordRequired: 'Current password is required',
      confirmPassword: 'Please confirm your password',
      passwordsDontMatch: "Passwords don't match",
      nameTooShort: 'Name must be at least 2 characters',
      nameTooLong: 'Name must be less than 100 characters',
      nameCharacters: 'Name can only contain letters, spaces, hyphens, and apostrophes',
      invalidAmount: 'Invalid amount',
      positiveNumber: 'Please enter a valid positive number',
      invalidTheme: 'Invalid theme selection',
      sixDigitCode: 'Please enter a 6-digit code',
      enterPassword: 'Please enter your password',
      currentPasswordIncorrect: 'Current password is incorrect',
      validationFailed: 'Validation failed',
    });
  });
});

describe('email (spec §5)', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    [`${'a'.repeat(250)}@x.io`, 'Email address is too long'],
    ['not-an-email', 'Invalid email format'],
    ['a@b', 'Invalid email format'],
    ['a b@example.com', 'Invalid email format'],
    ['@example.com', 'Invalid email format'],
    ['jane@example.c', 'Invalid email format'],
    ['jane@-example.com', 'Invalid email format'],
  ])('%j → %s', (input, message) => {
    expect(checkEmail(input)).toEqual({ ok: false, message });
    expect(messages(emailSchema.safeParse(input))).toEqual([['', message]]);
  });

  it.each([
    ['  Jane.Doe+fin@Example.COM ', 'jane.doe+fin@example.com'],
    ['a@b.co', 'a@b.co'],
    [`${'a'.repeat(249)}@x.io`, `${'a'.repeat(249)}@x.io`],
    ["o'brien@mail.example.ie", "o'brien@mail.example.ie"],
  ])('accepts %j as %j (trimmed, lower-cased, 254 max)', (input, email) => {
    expect(checkEmail(input)).toEqual({ ok: true, email });
    expect(emailSchema.parse(input)).toBe(email);
  });
});

describe('sign-in (spec §5)', () => {
  it.each([
    [{ email: '', password: 'x' }, [['email', 'Please enter your email and password']]],
    [{ email: '   ', password: 'x' }, [['email', 'Please enter your email and password']]],
    [{ email: 'a@b.co', password: '' }, [['email', 'Please enter your email and password']]],
    [{ email: 'nope', password: 'x' }, [['email', 'Invalid email format']]],
    [{ email: `${'a'.repeat(250)}@x.io`, password: 'x' }, [['email', 'Email address is too long']]],
    [{ email: 'a@b.co', password: 'x' }, []],
  ])('%j → %j', (input, expected) => expect(messages(signInSchema.safeParse(input))).toEqual(expected));

  it('trims and lower-cases the email before sending', () =>
    expect(signInSchema.parse({ email: ' A@B.CO ', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    }));
});

describe('sign-up (spec §5)', () => {
  const base = { email: 'a@b.co', password: 'Abcdefghijk1', acceptTerms: true };
  it.each([
    [{ email: '', password: '' }, [['email', 'Please enter your email and password']]],
    [{ email: 'bad' }, [['email', 'Invalid email format']]],
    [{ password: 'short' }, [['password', 'Password must be at least 12 characters']]],
    [{ password: 'weakpassword' }, [['password', 'Include both uppercase and lowercase letters']]],
    [{ password: 'Weakpassword' }, [['password', 'Include at least one number']]],
    [{ acceptTerms: false }, [['acceptTerms', 'Please accept the Terms of Service and Privacy Policy']]],
    [
      { password: 'weakpassword', acceptTerms: false },
      [
        ['password', 'Include both uppercase and lowercase letters'],
        ['acceptTerms', 'Please accept the Terms of Service and Privacy Policy'],
      ],
    ],
    [{}, []],
  ])('%j → %j', (change, expected) =>
    expect(messages(signUpSchema.safeParse({ ...base, ...change }))).toEqual(expected),
  );

  it('returns the trimmed, lower-cased email', () =>
    expect(signUpSchema.parse({ ...base, email: ' New@User.IO ' }).email).toBe('new@user.io'));
});

describe('password reset request (spec §5)', () => {
  it.each([
    [{ email: 'x' }, [['email', 'Invalid email format']]],
    [{ email: '' }, [['email', 'Email is required']]],
    [{ email: ' Me@Home.org ' }, []],
  ])('%j → %j', (input, expected) =>
    expect(messages(passwordResetRequestSchema.safeParse(input))).toEqual(expected),
  );
});

describe('new password, change and reset forms (spec §5)', () => {
  it.each([
    ['short', 'Password must be at least 12 characters'],
    ['abcdefghijk1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFGHIJK1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefghijkl!', 'Password must contain at least one number'],
    ['Abcdefghijkl1', 'Password must contain at least one special character'],
  ])('new password %j → first failing rule %j', (password, message) =>
    expect(messages(newPasswordSchema.safeParse(password))).toEqual([['', message]]),
  );

  it.each([
    [
      { currentPassword: '', newPassword: STRONG, confirmPassword: '' },
      [
        ['currentPassword', 'Current password is required'],
        ['confirmPassword', 'Please confirm your password'],
      ],
    ],
    [
      { currentPassword: 'old', newPassword: STRONG, confirmPassword: 'Abcdefghijk1?' },
      [['confirmPassword', "Passwords don't match"]],
    ],
    [
      { currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' },
      [['newPassword', 'Password must be at least 12 characters']],
    ],
    [{ currentPassword: 'old', newPassword: STRONG, confirmPassword: STRONG }, []],
  ])('change form %j → %j', (input, expected) =>
    expect(messages(changePasswordSchema.safeParse(input))).toEqual(expected),
  );

  it.each([
    [
      { password: 'abcdefghijkl1!', confirmPassword: 'abcdefghijkl1!' },
      [['password', 'Password must contain at least one uppercase letter']],
    ],
    [{ password: STRONG, confirmPassword: '' }, [['confirmPassword', 'Please confirm your password']]],
    [{ password: STRONG, confirmPassword: `${STRONG}x` }, [['confirmPassword', "Passwords don't match"]]],
    [{ password: STRONG, confirmPassword: STRONG }, []],
  ])('reset form %j → %j', (input, expected) =>
    expect(messages(resetPasswordSchema.safeParse(input))).toEqual(expected),
  );
});

describe('profile name (spec §5)', () => {
  it.each([
    ['', 'Name must be at least 2 characters'],
    ['A', 'Name must be at least 2 characters'],
    ['  J  ', 'Name must be at least 2 characters'],
    ['x'.repeat(101), 'Name must be less than 100 characters'],
    ['R2-D2', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['<script>', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['Jane_Doe', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['Jane.', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
  ])('%j → %s', (name, message) => expect(messages(fullNameSchema.safeParse(name))).toEqual([['', message]]));

  it.each(["Jean-Luc O'Neill", 'Zoë Åberg', 'José María', '李小龍', 'Jo', 'x'.repeat(100), 'D’Angelo'])(
    'accepts %j (trimmed)',
    (name) => expect(fullNameSchema.parse(`  ${name} `)).toBe(name),
  );
});

describe('alert thresholds (spec §3, §5)', () => {
  it.each([
    ['spending', '', { ok: true, value: null }],
    ['spending', '   ', { ok: true, value: null }],
    ['low_balance', '', { ok: true, value: 100 }],
    ['low_balance', ' ', { ok: true, value: 100 }],
    ['large_transaction', '', { ok: true, value: 1000 }],
    ['large_transaction', '150000', { ok: true, value: 150_000 }],
    ['large_transaction', '-3', { ok: false, message: 'Please enter a valid positive number' }],
    ['spending', '250.75', { ok: true, value: 250.75 }],
    ['spending', '0', { ok: true, value: 0 }],
    ['low_balance', '1000000', { ok: true, value: 1_000_000 }],
    ['spending', '-1', { ok: false, message: 'Please enter a valid positive number' }],
    ['low_balance', 'abc', { ok: false, message: 'Please enter a valid positive number' }],
    ['low_balance', '1000001', { ok: false, message: 'Please enter a valid positive number' }],
    ['spending', 'Infinity', { ok: false, message: 'Please enter a valid positive number' }],
  ] as const)('%s input %j → %j', (kind, raw, expected) =>
    expect(parseThresholdInput(kind, raw)).toEqual(expected),
  );

  it.each([
    [{ spending: null, low_balance: 100 }, []],
    [{ spending: 0, low_balance: 1_000_000 }, []],
    [
      { spending: -5, low_balance: 2_000_000 },
      [
        ['spending', 'Invalid amount'],
        ['low_balance', 'Invalid amount'],
      ],
    ],
    [{ spending: 'ten', low_balance: 100 }, [['spending', 'Invalid amount']]],
    [{ spending: Number.NaN, low_balance: 100 }, [['spending', 'Invalid amount']]],
    [{ spending: 10, low_balance: null }, [['low_balance', 'Invalid amount']]],
    [{ spending: 10, low_balance: 5, large_transaction: -1 }, [['large_transaction', 'Invalid amount']]],
  ])('stored %j → %j', (input, expected) =>
    expect(messages(alertThresholdsSchema.safeParse(input))).toEqual(expected),
  );
});

describe('theme (spec §5)', () => {
  it.each(['light', 'dark', 'system'])('accepts %s', (theme) => expect(themeSchema.parse(theme)).toBe(theme));
  it.each(['neon', '', 'Dark', 1])('refuses %j with the spec message', (theme) =>
    expect(messages(themeSchema.safeParse(theme))).toEqual([['', 'Invalid theme selection']]),
  );
});

describe('2FA (spec §5)', () => {
  it.each(['123456', ' 123456 ', '000000'])('accepts code %j', (code) =>
    expect(otpCodeSchema.safeParse(code).success).toBe(true),
  );
  it.each(['12345', '1234567', '12a456', '', '12 456'])('refuses code %j', (code) =>
    expect(messages(otpCodeSchema.safeParse(code))).toEqual([['', 'Please enter a 6-digit code']]),
  );

  it.each([
    ['12 34-56 78', undefined, undefined, '123456'],
    ['ab12cd', undefined, undefined, '12'],
    ['١٢٣', undefined, undefined, ''],
    ['9876543210', 4, undefined, '9876'],
    ['ABCD-EFGH', 8, /[A-Z0-9]/, 'ABCDEFGH'],
    ['a1b2c3', 6, /[a-z]/g, 'abc'],
  ] as const)('sanitizes %j (length %j, pattern %s) to %j', (value, length, pattern, expected) =>
    expect(sanitizeOtpInput(value, length, pattern)).toBe(expected),
  );

  it('needs a non-blank password to disable 2FA or verify a password', () => {
    expect(messages(passwordPromptSchema.safeParse('   '))).toEqual([['', 'Please enter your password']]);
    expect(messages(disableTwoFactorSchema.safeParse({ password: '' }))).toEqual([
      ['password', 'Please enter your password'],
    ]);
    expect(verifyPasswordSchema.parse({ password: ' secret ' })).toEqual({ password: ' secret ' });
  });

  it('checks the verify request', () => {
    expect(mfaVerifySchema.safeParse({ factorId: 'f1', code: '123456' }).success).toBe(true);
    expect(messages(mfaVerifySchema.safeParse({ factorId: 'f1', code: '123' }))).toEqual([
      ['code', 'Please enter a 6-digit code'],
    ]);
  });
});

describe("'Validation failed' result (spec §5)", () => {
  it('has the spec shape with items and the given timestamp', () => {
    const result = signUpSchema.safeParse({ email: 'bad', password: 'Abcdefghijk1', acceptTerms: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(validationFailure(result.error, '2026-11-22T10:00:00.000Z')).toEqual({
      success: false,
      error: 'Validation failed',
      items: [{ field: 'email', message: 'Invalid email format', code: 'custom' }],
      timestamp: '2026-11-22T10:00:00.000Z',
    });
  });

  it('names nested fields by their dotted path and form-level issues as body', () => {
    const nested = alertThresholdsSchema.safeParse({ spending: 'x', low_balance: 1 });
    const top = themeSchema.safeParse('neon');
    expect(nested.success || top.success).toBe(false);
    expect(validationItems([...(nested.error?.issues ?? []), ...(top.error?.issues ?? [])])).toEqual([
      { field: 'spending', message: 'Invalid amount', code: 'invalid_type' },
      { field: 'body', message: 'Invalid theme selection', code: 'invalid_value' },
    ]);
  });
});
