import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axeCore, { type AxeResults } from 'axe-core';
import {
  ECB_FULL_PATH,
  ECB_NINETY_DAYS_PATH,
  ecbXml,
  startFakeEcb,
  type EcbDay,
} from '@lodestar/server/testing/fake-ecb';
import { startSmtpInbox, type SmtpInbox } from '@lodestar/server/testing/smtp-inbox';
import { test as base, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { spawnServer } from '../../../scripts/spawn-server';

export type LodestarServer = {
  url: string;
  dataDir: string;
  inbox: SmtpInbox;
  /** What the server has printed so far. */
  output(): string;
};

/** A strong password that is on no breach list. */
export const E2E_PASSWORD = 'Journey-Through-Stars-2026!';

let sequence = 0;
/** A fresh address per call, unique across runs. */
export function uniqueEmail(label: string): string {
  sequence += 1;
  return `${label}.${Date.now().toString(36)}${sequence}@example.com`;
}

/**
 * Two years of weekday ECB rates around 1.08 USD per EUR (the demo bank has a euro account), newest
 * first as the ECB publishes them.
 */
function ecbDays(): EcbDay[] {
  const days: EcbDay[] = [];
  for (let back = 0; back < 800; back += 1) {
    const day = new Date(Date.now() - back * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const usd = (1.08 + 0.03 * Math.sin(back / 40)).toFixed(4);
    days.push({ date: day.toISOString().slice(0, 10), rates: { USD: usd, GBP: '0.8600', JPY: '162.00' } });
  }
  return days;
}

/**
 * Creates an account through the API and signs its context in. The journeys' server sends mail, so a new
 * account starts signed out (a sign-up answers a registered address exactly as a new one) and signs in
 * with its password like any owner would.
 */
export async function signUpAndSignIn(
  context: APIRequestContext,
  origin: string,
  account: { email: string; name: string; password?: string },
): Promise<void> {
  const password = account.password ?? E2E_PASSWORD;
  const signUp = await context.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: {
      email: account.email,
      password,
      name: account.name,
      termsAccepted: true,
      callbackURL: '/verify-email',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const signIn = await context.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: { email: account.email, password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
}

type AxeWindow = { axe?: typeof axeCore };

/** What axe checks: the rules of some tags, or named rules; all of the page, or the parts `include` selects. */
export type AxeScope = ({ tags: string[] } | { rules: string[] }) & { include?: string[] };

/**
 * Runs axe-core in `page` itself and returns its findings. axe's source (about 600 KB) is put into a
 * document once and stays there through the app's own navigations and every change of viewport or colour
 * scheme: putting it in was most of a check's cost, about four fifths on the help page
 * (docs/performance.md). Run in the page, axe skips cross-origin frames; the app has no frames. Only the
 * violations are gathered in full (passes and the other result types keep one node each): about a quarter
 * less processor time a check on the dashboard, and no journey reads the others.
 */
export async function axe(page: Page, scope: AxeScope): Promise<AxeResults> {
  const present = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!present) await page.evaluate(axeCore.source);
  const runOnly =
    'rules' in scope ? { type: 'rule' as const, values: scope.rules } : { type: 'tag' as const, values: scope.tags };
  return page.evaluate(
    ({ include, runOnly }) =>
      (window as AxeWindow).axe!.run(include ? { include } : document, {
        runOnly,
        resultTypes: ['violations'],
      }),
    { include: scope.include, runOnly },
  );
}

type WorkerFixtures = {
  server: LodestarServer;
  accountState: string;
  /** Extra environment for the journeys' server (a spec points it at its own fakes). */
  serverEnv: Record<string, string>;
};
type TestFixtures = { checkA11y: (page: Page) => Promise<void>; serverLog: void };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-e2e-'));
      const inbox = await startSmtpInbox();
      const ecb = await startFakeEcb();
      const days = ecbDays();
      ecb.feeds.set(ECB_FULL_PATH, { status: 200, body: ecbXml(days) });
      ecb.feeds.set(ECB_NINETY_DAYS_PATH, { status: 200, body: ecbXml(days.slice(0, 64)) });
      // Every journey signs up and signs in from 127.0.0.1: more than the default ten accounts an hour and
      // thirty sign-ins a quarter hour per address.
      const server = await spawnServer(dataDir, {
        SMTP_URL: inbox.url,
        FX_RATES_URL: ecb.url,
        // The fake ECB (and every other spec's fake) is on 127.0.0.1: the outbound guard must allow it.
        OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
        SIGN_UP_LIMIT_PER_HOUR: '100',
        SIGN_IN_LIMIT_PER_15_MINUTES: '500',
        ...serverEnv,
      });
      await use({ url: server.url, dataDir, inbox, output: server.output });
      await server.stop();
      await inbox.close();
      await ecb.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  /** One signed-up account per worker, as a storage state file with its session cookie. */
  accountState: [
    async ({ server }, use, workerInfo) => {
      const context = await request.newContext({
        baseURL: server.url,
        extraHTTPHeaders: { origin: server.url },
      });
      await signUpAndSignIn(context, server.url, { email: uniqueEmail('shell'), name: 'Morgan Reyes' });
      const path = join(workerInfo.project.outputDir, `account-${workerInfo.workerIndex}.json`);
      await context.storageState({ path });
      await context.dispose();
      await use(path);
    },
    { scope: 'worker' },
  ],
  // A failed journey carries what its server printed meanwhile (warnings and errors: LOG_LEVEL=warn).
  serverLog: [
    async ({ server }, use, testInfo) => {
      const before = server.output();
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const now = server.output();
      const printed = now.startsWith(before) ? now.slice(before.length) : now;
      if (printed) await testInfo.attach('server output', { body: printed, contentType: 'text/plain' });
    },
    { auto: true },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // Pages behind sign-in open as the worker's account; auth journeys start signed out (test.use).
  storageState: async ({ accountState }, use) => use(accountState),
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument to be destructured.
  checkA11y: async ({}, use) => {
    await use(async (page) => {
      // Check what a person would see: a frame drawn since the last change (a new colour scheme or
      // viewport is applied on the next frame) and no colour still on its way through a transition.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
      );
      const results = await axe(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        // With each node's own summary (its colours for a contrast finding), so a failure says what was seen.
        serious.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('; ')})`,
        ),
      ).toEqual([]);
    });
  },
});

export { expect };
