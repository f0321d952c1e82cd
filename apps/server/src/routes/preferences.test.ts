import { DEFAULT_PREFERENCES } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthWorld,
  enableTwoFactor,
  PASSWORD,
  totpCode,
  type AuthWorld,
} from '../testing/auth-fixtures';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  items?: { field: string; message: string }[];
};
type Prefs = Record<string, unknown>;

describe('preferences', () => {
  it('starts from the defaults and keeps what PUT and PATCH set', async () => {
    const { browser } = await w.signUp();
    const initial = await browser.json<Envelope<Prefs>>('/api/v1/user/preferences');
    expect(initial.body.data).toEqual(DEFAULT_PREFERENCES);
    const put = await browser.json<Envelope<Prefs>>('/api/v1/user/preferences', {
      method: 'PUT',
      body: { key: 'theme', value: 'dark' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.theme).toBe('dark');
    const patch = await browser.json<Envelope<Prefs>>('/api/v1/user/preferences', {
      method: 'PATCH',
      body: {
        email_notifications: false,
        push_notifications: true,
        alert_thresholds: { spending: 250, low_balance: 50 },
      },
    });
    expect(patch.body.data).toMatchObject({
      theme: 'dark',
      email_notifications: false,
      push_notifications: true,
      alert_thresholds: { spending: 250, low_balance: 50 },
    });
    const again = await browser.json<Envelope<Prefs>>('/api/v1/user/preferences');
    expect(again.body.data).toEqual(patch.body.data);
  });

  it('refuses invalid values with the spec messages and writes nothing', async () => {
    const { browser } = await w.signUp();
    const theme = await browser.json<Envelope<unknown>>('/api/v1/user/preferences', {
      method: 'PUT',
      body: { key: 'theme', value: 'purple' },
    });
    expect(theme.status).toBe(400);
    expect(theme.body.items?.[0]).toMatchObject({ field: 'value', message: 'Invalid theme selection' });
    const unknownKey = await browser.json('/api/v1/user/preferences', {
      method: 'PUT',
      body: { key: 'favourite_colour', value: 'red' },
    });
    expect(unknownKey.status).toBe(400);
    const mixed = await browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { theme: 'light', font_size: 'huge' },
    });
    expect(mixed.status).toBe(400);
    const after = await browser.json<Envelope<Prefs>>('/api/v1/user/preferences');
    expect(after.body.data).toEqual(DEFAULT_PREFERENCES);
  });

  it("keeps each user's preferences to themselves", async () => {
    const a = await w.signUp();
    const b = await w.signUp();
    await a.browser.json('/api/v1/user/preferences', {
      method: 'PUT',
      body: { key: 'theme', value: 'light' },
    });
    const other = await b.browser.json<Envelope<Prefs>>('/api/v1/user/preferences');
    expect(other.body.data.theme).toBe('system');
  });
});

describe('require_2fa', () => {
  it('cannot be turned on without two-factor authentication', async () => {
    const { browser } = await w.signUp();
    const result = await browser.json<Envelope<unknown>>('/api/v1/user/preferences', {
      method: 'PUT',
      body: { key: 'require_2fa', value: true },
    });
    expect(result.status).toBe(409);
    expect(result.body.error).toBe('Enable two-factor authentication before requiring it');
  });

  it('keeps 2FA from being disabled and no device from skipping it', async () => {
    const { browser, email } = await w.signUp();
    const { factorId, secret } = await enableTwoFactor(browser);
    expect(
      (
        await browser.json('/api/v1/user/preferences', {
          method: 'PUT',
          body: { key: 'require_2fa', value: true },
        })
      ).status,
    ).toBe(200);

    await browser.json('/api/v1/user/verify-password', { body: { password: PASSWORD } });
    const disable = await browser.json<Envelope<unknown>>('/api/v1/user/mfa/unenroll', {
      body: { factorId },
    });
    expect(disable.status).toBe(409);

    // Asking to trust the device is ignored: the next sign-in from it still needs a code.
    const device = w.browser();
    await device.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    const verified = await device.json('/api/auth/two-factor/verify-totp', {
      body: { code: await totpCode(secret), trustDevice: true },
    });
    expect(verified.status).toBe(200);
    expect([...device.cookies.keys()].some((name) => name.includes('trust_device'))).toBe(false);
    await device.json('/api/auth/sign-out', { method: 'POST', body: {} });
    const next = await device.json<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
      body: { email, password: PASSWORD },
    });
    expect(next.body.twoFactorRedirect).toBe(true);
  });

  it('without it, a trusted device skips the code next time', async () => {
    const { browser, email } = await w.signUp();
    const { secret } = await enableTwoFactor(browser);
    const device = w.browser();
    await device.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    await device.json('/api/auth/two-factor/verify-totp', {
      body: { code: await totpCode(secret), trustDevice: true },
    });
    expect([...device.cookies.keys()].some((name) => name.includes('trust_device'))).toBe(true);
    await device.json('/api/auth/sign-out', { method: 'POST', body: {} });
    const next = await device.json<{ twoFactorRedirect?: boolean; user?: unknown }>(
      '/api/auth/sign-in/email',
      { body: { email, password: PASSWORD } },
    );
    expect(next.body.twoFactorRedirect).toBeUndefined();
    expect(next.body.user).toBeDefined();
  });
});
