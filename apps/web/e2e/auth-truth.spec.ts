import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../../../scripts/spawn-server';
import { axe, E2E_PASSWORD, expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { fillSignIn, snap, totpCode } from './auth-helpers';

// These journeys start signed out.
test.use({ storageState: { cookies: [], origins: [] } });

const VIEWPORTS = [
  ['mobile', { width: 375, height: 812 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;
const THEMES = ['light', 'dark'] as const;

test('a server without email says so at sign-up instead of claiming a verification email', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-e2e-nomail-'));
  // No SMTP_URL and no RESEND_API_KEY: links go to the server log.
  const server = await spawnServer(dataDir, {
    SIGN_UP_LIMIT_PER_HOUR: '100',
    SMTP_URL: '',
    RESEND_API_KEY: '',
  });
  try {
    for (const [viewportName, viewport] of VIEWPORTS) {
      for (const colorScheme of THEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await page.context().clearCookies();
        await page.goto(`${server.url}/sign-up`);
        await page.getByLabel('Full name').fill('Noa Mailless');
        await page.getByLabel('Email').fill(uniqueEmail('nomail'));
        await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
        await page.getByRole('checkbox').click();
        await page.getByRole('button', { name: 'Create account' }).click();
        await expect(page.getByText('This server does not send email', { exact: false })).toBeVisible();
        await expect(page.getByText(/in the server log/)).toBeVisible();
        await expect(page.getByText(/We sent a verification email/)).toHaveCount(0);
        await expect(page).toHaveURL(/\/dashboard$/);
        await snap(page, `truth-signup-no-email-${viewportName}-${colorScheme}`);
      }
    }
    // The reset request says where the link went, too.
    await page.context().clearCookies();
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'The link is in the server log' })).toBeVisible();
    await checkA11y(page);
    await snap(page, 'truth-reset-no-email-desktop-dark');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a server with email answers a registered address exactly as a new one', async ({ page, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('taken');
  await signUpAndSignIn(page.request, server.url, { email, name: 'Tara Taken' });
  await page.context().clearCookies();
  await page.goto('/sign-up');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Another-Person-Entirely-51!');
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('Failed to create account')).toHaveCount(0);
  const notice = await server.inbox.waitFor(email, /Someone tried to create a Lodestar account/);
  expect(notice.text).toContain('no second account was created');
  await snap(page, 'truth-signup-check-email-desktop-light');
});

test('a wrong second-factor code is said under the field and stays until the next try', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('totp');
  await signUpAndSignIn(page.request, server.url, { email, name: 'Otto Codes' });
  const origin = { origin: server.url };
  const enroll = await page.request.post('/api/v1/user/mfa/enroll', { headers: origin, data: {} });
  const { factorId, secret } = ((await enroll.json()) as { data: { factorId: string; secret: string } }).data;
  const verify = await page.request.post('/api/v1/user/mfa/verify', {
    headers: origin,
    data: { factorId, code: await totpCode(secret) },
  });
  expect(verify.status()).toBe(200);
  const { recoveryCodes } = ((await verify.json()) as { data: { recoveryCodes: string[] } }).data;
  // No characters that read alike.
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);

  for (const [viewportName, viewport] of VIEWPORTS) {
    for (const colorScheme of THEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.context().clearCookies();
      await fillSignIn(page, email, E2E_PASSWORD);
      await expect(page).toHaveURL(/\/two-factor/);
      const field = page.getByLabel('Authentication code');
      await field.fill('000000');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(field).toHaveAccessibleDescription('Invalid verification code');
      await expect(field).toHaveValue('');
      // Typing the next code does not wipe the message; the next try does.
      await field.pressSequentially('12');
      await expect(field).toHaveAccessibleDescription('Invalid verification code');
      await checkA11y(page);
      await snap(page, `truth-two-factor-wrong-code-${viewportName}-${colorScheme}`);
    }
  }
});

const SIGNED_IN_PAGES = [
  '/dashboard',
  '/accounts',
  '/activity',
  '/expenses',
  '/insights',
  '/assets',
  '/real-estate',
  '/tools',
  '/help',
  '/settings/profile',
  '/settings/developer',
];

test('signed-in pages pass the current axe-core, moderate rules included, and API keys say at once', async ({
  page,
  server,
}) => {
  // 44 page visits with axe (11 pages × 2 widths × 2 themes) after a demo sync: 5 minutes was exceeded
  // on a loaded 2-core machine with two workers.
  test.setTimeout(600_000);
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('axe'), name: 'Axel Bright' });
  const connect = await page.request.post('/api/v1/connections/demo', {
    headers: { origin: server.url },
    data: {},
  });
  expect(connect.status()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get('/api/v1/connections')).json()) as {
          data: { connections: { status: string; lastSyncedAt: string | null }[] };
        };
        const first = body.data.connections[0];
        return first?.lastSyncedAt && first.status !== 'syncing' ? first.status : 'waiting';
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('active');

  // The public API is off: the API-keys card asks once, and says so without retrying.
  let keyRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/user/api-keys') keyRequests += 1;
  });

  for (const [viewportName, viewport] of VIEWPORTS) {
    for (const colorScheme of THEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      for (const path of SIGNED_IN_PAGES) {
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"], [role="status"][aria-label^="Loading"]')).toHaveCount(
          0,
          {
            timeout: 20_000,
          },
        );
        const results = await axe(page, {
          tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        });
        const found = results.violations
          .filter(
            (v) =>
              v.impact === 'serious' ||
              v.impact === 'critical' ||
              ['region', 'landmark-unique', 'label-content-name-mismatch'].includes(v.id),
          )
          .map(
            (v) =>
              `${path} ${viewportName} ${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        expect(found).toEqual([]);
      }
      await snap(page, `truth-settings-developer-${viewportName}-${colorScheme}`);
    }
  }
  await page.goto('/settings/developer');
  await expect(page.getByText('The public API is turned off on this server')).toBeVisible();
  // One request per visit: a refusal that will not change is not retried.
  expect(keyRequests).toBe(5);
});
