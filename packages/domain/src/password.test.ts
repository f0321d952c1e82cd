import { describe, expect, it } from 'vitest';
import {
  commonPasswordForms,
  newPasswordErrors,
  PASSWORD_FEEDBACK,
  PASSWORD_MESSAGES,
  passwordMinLengthMessage,
  passwordStrength,
  signUpPasswordError,
} from './password';

const ALL_FEEDBACK = [
  'Use at least 12 characters',
  'Include both uppercase and lowercase letters',
  'Include at least one number',
  'Include at least one special character',
];

describe('password strength (spec §5)', () => {
  it('uses the spec feedback lines in order', () =>
    expect(Object.values(PASSWORD_FEEDBACK)).toEqual(ALL_FEEDBACK));

  it.each([
    ['', 0, 'weak', ALL_FEEDBACK],
    ['abcdefghijkl', 1, 'weak', ALL_FEEDBACK.slice(1)],
    ['abcdefghijklmnop', 2, 'weak', ALL_FEEDBACK.slice(1)],
    ['Abcdefghijkl', 2, 'weak', ALL_FEEDBACK.slice(2)],
    ['Abcdefghijk1', 3, 'medium', ALL_FEEDBACK.slice(3)],
    ['abcdefghijk1!', 3, 'medium', [ALL_FEEDBACK[1]]],
    ['Abcdefghijk1!', 4, 'medium', []],
    ['Abcdefghijklmno1', 4, 'medium', ALL_FEEDBACK.slice(3)],
    ['Abcdefghijklmno1!', 5, 'strong', []],
    ['Short1!a', 3, 'medium', [ALL_FEEDBACK[0]]],
    ['Ünïcödé-Pässwörd9', 5, 'strong', []],
    ['Abcdefghijk 1', 3, 'medium', ALL_FEEDBACK.slice(3)],
  ] as const)('%j scores %i (%s)', (password, score, level, feedback) => {
    expect(passwordStrength(password)).toEqual({ score, level, feedback });
  });
});

describe('sign-up password (spec §5)', () => {
  it.each([
    ['', 'Password is required'],
    ['Ab1!', 'Password must be at least 12 characters'],
    ['Abcdefghij1', 'Password must be at least 12 characters'],
    ['abcdefghijkl', 'Include both uppercase and lowercase letters'],
    ['ABCDEFGHIJKLMNOP', 'Include both uppercase and lowercase letters'],
    ['Abcdefghijkl', 'Include at least one number'],
    ['Abcdefghijk1', undefined],
    ['Abcdefghijklmno1!', undefined],
  ])('%j → %j', (password, message) => expect(signUpPasswordError(password)).toBe(message));

  it('reports a custom minimum in the length message', () => {
    expect(signUpPasswordError('Abcdefghijk1', 16)).toBe('Password must be at least 16 characters');
    expect(passwordMinLengthMessage(8)).toBe('Password must be at least 8 characters');
    expect(passwordMinLengthMessage()).toBe('Password must be at least 12 characters');
  });

  it("names the fallback 'Password is too weak'", () =>
    expect(PASSWORD_MESSAGES.tooWeak).toBe('Password is too weak'));
});

describe('new or reset password (spec §5)', () => {
  it.each([
    [
      'abc',
      [
        'Password must be at least 12 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character',
      ],
    ],
    ['ABCDEFGHIJK1!', ['Password must contain at least one lowercase letter']],
    ['abcdefghijk1!', ['Password must contain at least one uppercase letter']],
    ['Abcdefghijkl!', ['Password must contain at least one number']],
    ['Abcdefghijkl1', ['Password must contain at least one special character']],
    ['Abcdefgh1!', ['Password must be at least 12 characters']],
    ['Abcdefghijk1!', []],
  ])('%j fails %j', (password, errors) => expect(newPasswordErrors(password)).toEqual(errors));
});

describe('forms of a password looked up in the common-password list', () => {
  it.each([
    ['Password123!', 'password'],
    ['P@ssw0rd2024!', 'password'],
    ['Summer2024!!', 'summer'],
    ['!Dragon1', 'dragon1'],
    ['L3tm31n!2025', 'letmein'],
    ['Tr0ub4dor&3', 'troubador&e'],
  ])('%s is looked up as %s', (password, form) => {
    expect(commonPasswordForms(password)).toContain(form);
  });

  it('keeps the password as typed and case-folded, and never strips down to a stub', () => {
    expect(commonPasswordForms('Abc!2024').slice(0, 2)).toEqual(['Abc!2024', 'abc!2024']);
    expect(commonPasswordForms('Abc!2024')).not.toContain('abc');
    expect(commonPasswordForms('xk#92')).not.toContain('xk');
  });
});
