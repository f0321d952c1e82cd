import { type z } from 'zod';
import { describe, expect, it } from 'vitest';
import { newPasswordErrors, passwordStrength, signUpPasswordError } from './password';
import {
  alertThresholdsSchema,
  changePasswordSchema,
  checkEmail,
  confirmPasswordSchema,
  emailSchema,
  fullNameSchema,
  otpCodeSchema,
  parseThresholdInput,
  passwordResetRequestSchema,
  resetPasswordSchema,
  sanitizeOtpInput,
  signInSchema,
  signUpSchema,
  themeSchema,
  validationFailure,
} from './validation';

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  result.success ? [] : (result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

describe('email (spec §5)', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    [`${'a'.repeat(250)}@x.io`, 'Email address is too long'],
    ['not-an-email', 'Invalid email format'],
    ['a@b', 'Invalid email format'],
    ['a b@example.com', 'Invalid email format'],
  ])('%j → %s', (input, message) => expect(checkEmail(input)).toEqual({ ok: false, message }));

  it('trims and lower-cases a valid address', () => {
    expect(emailSchema.parse('  Jane.Doe+fin@Example.COM ')).toBe('jane.doe+fin@example.com');
  });
});

describe('password strength (spec §5)', () => {
  it.each([
    [
      '',
      0,
      'weak',
      [
        'Use at least 12 characters',
        'Include both uppercase and lowercase letters',
        'Include at least one number',
        'Include at least one special character',
      ],
    ],
    [
      'abcdefghijkl',
      1,
      'weak',
      [
        'Include both uppercase and lowercase letters',
        'Include at least one number',
        'Include at least one special character',
      ],
    ],
    ['Abcdefghijkl', 2, 'weak', ['Include at least one number', 'Include at least one special character']],
    ['Abcdefghijk1', 3, 'medium', ['Include at least one special character']],
    ['Abcdefghijk1!', 4, 'medium', []],
    ['Abcdefghijklmno1!', 5, 'strong', []],
    ['Short1!a', 3, 'medium', ['Use at least 12 characters']],
  ] as const)('%j scores %i (%s)', (password, score, level, feedback) => {
    expect(passwordStrength(password)).toEqual({ score, level, feedback });
  });

  it.each([
    ['', 'Password is required'],
    ['Ab1!', 'Password must be at least 12 characters'],
    ['abcdefghijkl', 'Include both uppercase and lowercase letters'],
    ['Abcdefghijk1', undefined],
  ])('sign-up password %j → %j', (password, message) => expect(signUpPasswordError(password)).toBe(message));

  it('lists every new-password rule that fails, with the spec stems', () => {
    expect(newPasswordErrors('abc')).toEqual([
      'Password must be at least 12 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(newPasswordErrors('ABCDEFGHIJK1!')).toEqual([
      'Password must contain at least one lowercase letter',
    ]);
    expect(newPasswordErrors('Abcdefghijk1!')).toEqual([]);
  });
});

describe('auth forms (spec §5)', () => {
  it('needs both sign-in fields', () => {
    expect(messages(signInSchema.safeParse({ email: '', password: 'x' }))).toEqual([
      ['email', 'Please enter your email and password'],
    ]);
    expect(messages(signInSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual([
      ['email', 'Please enter your email and password'],
    ]);
    expect(messages(signInSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual([
      ['email', 'Invalid email format'],
    ]);
    expect(signInSchema.parse({ email: ' A@B.CO ', password: 'x' }).email).toBe('a@b.co');
  });

  it('needs a strong password and accepted terms at sign-up', () => {
    expect(
      messages(signUpSchema.safeParse({ email: 'a@b.co', password: 'weakpassword', acceptTerms: false })),
    ).toEqual([
      ['password', 'Include both uppercase and lowercase letters'],
      ['acceptTerms', 'Please accept the Terms of Service and Privacy Policy'],
    ]);
    expect(
      signUpSchema.safeParse({ email: 'a@b.co', password: 'Abcdefghijk1', acceptTerms: true }).success,
    ).toBe(true);
  });

  it('needs a valid email to reset a password', () => {
    expect(messages(passwordResetRequestSchema.safeParse({ email: 'x' }))).toEqual([
      ['email', 'Invalid email format'],
    ]);
  });

  it('checks the change-password form', () => {
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: '',
          newPassword: 'Abcdefghijk1!',
          confirmPassword: '',
        }),
      ),
    ).toEqual([
      ['currentPassword', 'Current password is required'],
      ['confirmPassword', 'Please confirm your password'],
    ]);
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'Abcdefghijk1!',
          confirmPassword: 'Abcdefghijk1?',
        }),
      ),
    ).toEqual([['confirmPassword', "Passwords don't match"]]);
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'short',
          confirmPassword: 'short',
        }),
      ),
    ).toEqual([['newPassword', 'Password must be at least 12 characters']]);
  });

  it('checks the reset form with the same rules', () => {
    expect(
      messages(
        resetPasswordSchema.safeParse({ password: 'abcdefghijkl1!', confirmPassword: 'abcdefghijkl1!' }),
      ),
    ).toEqual([['password', 'Password must contain at least one uppercase letter']]);
    expect(
      resetPasswordSchema.safeParse({ password: 'Abcdefghijk1!', confirmPassword: 'Abcdefghijk1!' }).success,
    ).toBe(true);
  });
});

describe('profile name (spec §5)', () => {
  it.each([
    ['A', 'Name must be at least 2 characters'],
    ['  J  ', 'Name must be at least 2 characters'],
    ['x'.repeat(101), 'Name must be less than 100 characters'],
    ['R2-D2', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['<script>', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
  ])('%j → %s', (name, message) => expect(messages(fullNameSchema.safeParse(name))).toEqual([['', message]]));

  it.each(["Jean-Luc O'Neill", 'Zoë Åberg', 'José María', '李小龍'])('accepts %j', (name) =>
    expect(fullNameSchema.parse(`  ${name} `)).toBe(name),
  );
});

describe('thresholds, theme, OTP (spec §5)', () => {
  it('reads threshold inputs', () => {
    expect(parseThresholdInput('spending', '')).toEqual({ ok: true, value: null });
    expect(parseThresholdInput('low_balance', ' ')).toEqual({ ok: true, value: 100 });
    expect(parseThresholdInput('spending', '250.75')).toEqual({ ok: true, value: 250.75 });
    expect(parseThresholdInput('spending', '-1')).toEqual({
      ok: false,
      message: 'Please enter a valid positive number',
    });
    expect(parseThresholdInput('low_balance', 'abc')).toEqual({
      ok: false,
      message: 'Please enter a valid positive number',
    });
    expect(parseThresholdInput('low_balance', '1000001')).toEqual({
      ok: false,
      message: 'Please enter a valid positive number',
    });
  });

  it('bounds stored thresholds with "Invalid amount"', () => {
    expect(alertThresholdsSchema.safeParse({ spending: null, low_balance: 100 }).success).toBe(true);
    expect(messages(alertThresholdsSchema.safeParse({ spending: -5, low_balance: 2_000_000 }))).toEqual([
      ['spending', 'Invalid amount'],
      ['low_balance', 'Invalid amount'],
    ]);
  });

  it('accepts only light, dark or system', () => {
    expect(themeSchema.parse('dark')).toBe('dark');
    expect(messages(themeSchema.safeParse('neon'))).toEqual([['', 'Invalid theme selection']]);
  });

  it('needs exactly six digits for a code', () => {
    expect(otpCodeSchema.safeParse('123456').success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect(messages(otpCodeSchema.safeParse(code))).toEqual([['', 'Please enter a 6-digit code']]);
    }
  });

  it('sanitizes OTP input to its pattern and length', () => {
    expect(sanitizeOtpInput('12 34-56 78')).toBe('123456');
    expect(sanitizeOtpInput('ab12cd')).toBe('12');
    expect(sanitizeOtpInput('ABCD-EFGH', 8, /[A-Z0-9]/)).toBe('ABCDEFGH');
  });

  it('needs a non-blank password to disable 2FA', () => {
    expect(messages(confirmPasswordSchema.safeParse('   '))).toEqual([['', 'Please enter your password']]);
  });
});

describe("'Validation failed' result", () => {
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
});
