import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackground } from '../jobs/handlers';
import { createLogger } from '../logger';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

type Run = {
  id: string;
  scope: string;
  state: string;
  usersDone: number;
  successful: number;
  failed: number;
};
type Queued = { successful: number; failed: number; message: string; run: Run };
type Connections = { connections: { id: string; status: string; sync: { state: string } }[] };

const CRON_SECRET = 'cron-secret-for-tests-0123456789-abcdef';
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({ CRON_SECRET });
});
afterAll(async () => {
  await w.close();
});

async function idle(browser: TestBrowser) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const list = await browser.json<Envelope<Connections>>('/api/v1/connections');
    if (list.body.data.connections.every((connection) => connection.sync.state === 'idle')) {
      return list.body.data.connections;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('syncs did not finish');
}

/** Follows a queued run through GET /cron/runs/{id} until it ends. */
async function ended(browser: TestBrowser, id: string, headers: Record<string, string> = {}): Promise<Run> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const read = await browser.json<Envelope<{ run: Run }>>(`/api/v1/cron/runs/${id}`, { headers });
    expect(read.status).toBe(200);
    if (read.body.data.run.state === 'done' || read.body.data.run.state === 'failed')
      return read.body.data.run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the cron run did not end');
}

describe('POST /cron/trigger-all', () => {
  let owner: TestBrowser;
  beforeAll(async () => {
    // One user with a demo bank that syncs and one that needs signing in again (its sync fails), and one
    // user with no connections.
    ({ browser: owner } = await signedInUser(w));
    await owner.json('/api/v1/connections/demo', { body: { variant: 'standard' } });
    await owner.json('/api/v1/connections/demo', { body: { variant: 'needs_reauth' } });
    await idle(owner);
    await signedInUser(w);
  });

  it('runs the signed-in user’s jobs as a job and answers their counts: each connection’s sync and the notification check', async () => {
    const answer = await owner.json<Envelope<Queued>>('/api/v1/cron/trigger-all', { method: 'POST' });
    // The run ends well within the answer's wait, so the answer has the counts (spec §7).
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      data: {
        successful: 2,
        failed: 1,
        message: 'Cron jobs triggered',
        run: { scope: 'user', state: 'done', usersDone: 1, successful: 2, failed: 1 },
      },
    });
    expect(await ended(owner, answer.body.data.run.id)).toMatchObject({
      state: 'done',
      usersDone: 1,
      successful: 2,
      failed: 1,
    });
    // Another user cannot read it.
    const { browser: stranger } = await signedInUser(w);
    expect((await stranger.request(`/api/v1/cron/runs/${answer.body.data.run.id}`)).status).toBe(404);
    const statuses = (await idle(owner)).map((connection) => connection.status).sort();
    expect(statuses).toEqual(['active', 'needs_reauth']);
  });

  it('runs every user’s jobs with the cron secret', async () => {
    const headers = { authorization: `Bearer ${CRON_SECRET}` };
    const answer = await w.browser().json<Envelope<Queued>>('/api/v1/cron/trigger-all', {
      method: 'POST',
      headers,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      successful: 4,
      failed: 1,
      message: 'Cron jobs triggered',
      run: { scope: 'all', state: 'done' },
    });
    // Three notification checks and the syncing demo bank ran; the other demo bank failed.
    expect(await ended(w.browser(), answer.body.data.run.id, headers)).toMatchObject({
      state: 'done',
      usersDone: 3,
      successful: 4,
      failed: 1,
    });
    // The run is every user's: a signed-in user does not see it.
    expect((await owner.request(`/api/v1/cron/runs/${answer.body.data.run.id}`)).status).toBe(404);
  });

  it('refuses a wrong cron secret and a request without a session', async () => {
    const wrong = await w.browser().json<Envelope<unknown>>('/api/v1/cron/trigger-all', {
      method: 'POST',
      headers: { authorization: `Bearer ${CRON_SECRET.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      success: false,
      error: 'This cron key is not valid',
      code: 'UNAUTHORIZED',
    });
    // A wrong secret is refused even alongside a valid session.
    const mixed = await owner.json('/api/v1/cron/trigger-all', {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-secret' },
    });
    expect(mixed.status).toBe(401);
    const anonymous = await w.browser().json('/api/v1/cron/trigger-all', { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('runs the due syncs from the scheduled job function, without pg-boss', async () => {
    const background = (hoursLater: number) =>
      createBackground({
        db: w.t.database.db,
        config: w.t.config,
        logger: createLogger('silent'),
        mailer: w.t.mailer,
        now: () => new Date(Date.now() + hoursLater * 3_600_000),
        instanceId: w.t.instanceId,
      });
    // Synced moments ago: nothing is due yet.
    expect(await background(0).handlers['sync-connections']()).toEqual({ successful: 0, failed: 0 });
    // Seven hours on (self-hosted: every 6 hours) the syncing one runs; the one waiting for the user to
    // reconnect is left alone.
    expect(await background(7).handlers['sync-connections']()).toEqual({ successful: 1, failed: 0 });
  });
});
