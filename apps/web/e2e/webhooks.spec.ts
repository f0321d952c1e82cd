import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { forEachView, settled, signUpByApi, snap } from './journey-helpers';

// A receiver on 127.0.0.1 stands for the user's service: the server may reach it only with
// WEBHOOKS_ALLOW_PRIVATE=true (a worker of its own, with its own server).
test.use({ storageState: { cookies: [], origins: [] }, serverEnv: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });

test('webhooks: add an endpoint in Settings → Developer, copy its secret, send a test event, read the log', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/lodestar`;
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await signUpByApi(page.request, server.url, 'webhooks', 'Wes Hook');
    await page.goto('/settings/developer');
    await expect(page.getByText('No webhook endpoints yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await dialog.getByRole('checkbox', { name: /Transactions added by a sync/ }).check();
    await dialog.getByRole('checkbox', { name: /A budget passed/ }).check();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secretField = dialog.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretField).toBeVisible();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await snap(page, 'webhooks-secret-1440-light');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The list never shows the secret again.
    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
    await expect(endpoints.getByText(url)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    await endpoints.getByRole('button', { name: `Send test event to ${url}` }).click();
    await expect(page.locator('[data-sonner-toast]', { hasText: 'Test event sent' })).toBeVisible();
    const log = page.getByRole('table', { name: `Deliveries to ${url}, newest first` });
    await expect(log.getByText('Delivered')).toBeVisible({ timeout: 60_000 });
    await expect(log.getByRole('cell', { name: '200' })).toBeVisible();
    expect(received).toHaveLength(1);
    const request = received[0] as { headers: IncomingHttpHeaders; body: string };
    const [, timestamp, digest] =
      /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(request.headers['lodestar-signature'])) ?? [];
    expect(createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')).toBe(digest);
    expect(JSON.parse(request.body)).toMatchObject({ type: 'webhook.test' });

    await forEachView(page, async ({ width, name }) => {
      await page.reload();
      await settled(page);
      await page.getByRole('button', { name: 'Deliveries' }).click();
      await expect(page.getByRole('table', { name: /Deliveries to/ }).getByText('Delivered')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `webhooks overflow at ${width}`).toBeLessThanOrEqual(0);
      await checkA11y(page);
      await snap(page, `webhooks-${name}`);
    });
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
