import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ERROR_MESSAGE,
  isSensitiveLogKey,
  redactErrorText,
  SENSITIVE_LOG_KEY_WORDS,
} from './redaction';

describe('log key redaction (spec §9)', () => {
  it('exports the spec key list', () =>
    expect(SENSITIVE_LOG_KEY_WORDS).toEqual([
      'password',
      'secret',
      'token',
      'key',
      'auth',
      'credential',
      'private',
      'ssn',
      'pin',
      'cvv',
      'card',
      'account',
      'routing',
      'plaid',
      'stripe',
      'jwt',
    ]));

  it.each([
    'password',
    'newPassword',
    'client_secret',
    'accessToken',
    'apiKey',
    'Authorization',
    'credentials',
    'privateKey',
    'ssn',
    'pin',
    'cvv',
    'cardNumber',
    'accountNumber',
    'routing_number',
    'plaidItem',
    'stripeCustomer',
    'jwt',
    'PASSWORD',
    'x-api-key',
    'authorization',
  ])('redacts %s', (key) => expect(isSensitiveLogKey(key)).toBe(true));

  it.each(['method', 'path', 'status', 'ms', 'requestId', 'message', 'level'])('keeps %s', (key) =>
    expect(isSensitiveLogKey(key)).toBe(false),
  );
});

describe('error text redaction (spec §8)', () => {
  it('falls back to the spec default', () =>
    expect(DEFAULT_ERROR_MESSAGE).toBe('An unexpected error occurred'));

  it.each([
    'Invalid password for user',
    'token expired: abc.def',
    'Missing API key',
    'bad api_key',
    'client secret mismatch',
    'Authorization header malformed',
    'invalid credentials',
    'PASSWORD MISMATCH',
    'apikey rejected',
    'API-Key revoked',
    'Authorisation failed',
    'Refresh tokens exhausted',
  ])('replaces %j', (message) => expect(redactErrorText(message)).toBe(DEFAULT_ERROR_MESSAGE));

  it('keeps harmless messages and uses a given fallback', () => {
    expect(redactErrorText('Account not found')).toBe('Account not found');
    expect(redactErrorText('the secret is out', 'Failed to sync transactions')).toBe(
      'Failed to sync transactions',
    );
    expect(redactErrorText('  ')).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
