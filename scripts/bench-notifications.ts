// `npm run bench:notifications`: one run of the notification job (every 15 minutes) over BENCH_USERS users
// (10,000) of whom BENCH_DUE_PERCENT (1 %) have something due: a large outflow yesterday. Every user has a
// checking account above the low-balance alert, a transaction every three days for a month, and a sign-up
// and a sign-in from the same browser within the security alerts' 48 hours; the defaults are on (low
// balance, large transactions, new connections, security and budget alerts by email). Times the job as it
// runs now (one statement per kind selects the users to check, ADR 090) and, on the same data with the
// claims and emails removed again, the check of every user one by one, as it ran before. Emails are
// written to the outbox without an SMTP server (what the job itself does; the outbox sends them later).
// BENCH_BEFORE=0 skips the old way. Runs on a throw-away embedded PostgreSQL (or DATABASE_URL). Prints
// figures; asserts nothing.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createMailer } from '@lodestar/server/email/mailer';
import { createLogger } from '@lodestar/server/logger';
import { createNotifier } from '@lodestar/server/notifications/notifier';
import { createPushSender } from '@lodestar/server/notifications/push';
import { openThrowawayDatabase } from './bench-database';
import { recordTarget } from './bench-targets-file';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const DUE_PERCENT = Number(process.env.BENCH_DUE_PERCENT ?? 1);
const BUDGET_MS = 5_000;
const NOW = new Date('2026-11-20T15:00:00Z');

async function main() {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const database = await openThrowawayDatabase('lodestar_bench_notifications');
  const { db, pool } = database;
  try {
    const dueEvery = Math.max(1, Math.round(100 / DUE_PERCENT));
    const seeded = performance.now();
    await pool.query(
      `insert into "user" (id, name, email, created_at, updated_at)
       select 'bench-' || g, 'Bench User ' || g, 'bench-' || g || '@example.com',
              timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-01-01'
       from generate_series(1, $1) g`,
      [USERS],
    );
    await pool.query(
      `insert into financial_account (user_id, name, type, provider, currency, current_balance_minor)
       select id, 'Everyday Checking', 'depository', 'manual', 'USD', 250000 from "user"`,
    );
    await pool.query(
      `insert into "transaction" (user_id, account_id, external_id, date, amount_minor, currency, name,
                                  original_name)
       select a.user_id, a.id, gen_random_uuid()::text, date '2026-11-19' - d, -(1000 + d * 100), 'USD',
              'Grocer', 'Grocer'
       from financial_account a, generate_series(0, 29, 3) d`,
    );
    await pool.query(
      `insert into "transaction" (user_id, account_id, external_id, date, amount_minor, currency, name,
                                  original_name)
       select a.user_id, a.id, gen_random_uuid()::text, date '2026-11-19', -150000, 'USD',
              'Furniture Store', 'Furniture Store'
       from financial_account a where substr(a.user_id, 7)::int % $1 = 0`,
      [dueEvery],
    );
    await pool.query(
      `insert into auth_event (user_id, type, ip_address, user_agent, created_at)
       select id, kind.type, '198.51.100.7', 'Bench Browser', kind.at
       from "user", (values ('sign_up', timestamptz '2026-11-19 08:00Z'),
                            ('sign_in', timestamptz '2026-11-20 09:00Z')) as kind(type, at)`,
    );
    await pool.query('vacuum analyze');
    const seedSeconds = (performance.now() - seeded) / 1000;

    const logger = createLogger('silent');
    const mailer = createMailer({
      db,
      logger,
      from: 'Lodestar <bench@example.com>',
      smtpUrl: undefined,
      resendApiKey: undefined,
    });
    const push = createPushSender({
      db,
      logger,
      push: undefined,
      outbound: { allowPrivate: false, pushAnyHost: false },
      now: () => NOW,
    });
    const notifier = createNotifier({
      db,
      mailer,
      logger,
      push,
      now: () => NOW,
      config: {
        publicUrl: 'http://localhost:3000',
        secrets: { authSecret: 'bench-secret-bench-secret-bench-secret' },
      },
    } as Parameters<typeof createNotifier>[0]);
    const emails = async () =>
      (await pool.query<{ n: number }>(`select count(*)::int as n from email_outbox`)).rows[0]?.n ?? 0;
    const forget = async () => {
      await pool.query('delete from notification_delivery');
      await pool.query('delete from email_outbox');
    };

    const runs: { name: string; ms: number; checked: number; emails: number }[] = [];
    const time = async (name: string, run: () => Promise<number>) => {
      const started = performance.now();
      const checked = await run();
      runs.push({ name, ms: performance.now() - started, checked, emails: await emails() });
    };
    await time('the job now: users selected per kind, then checked', async () => {
      const { successful, failed } = await notifier.runForAll();
      return successful + failed;
    });
    await time('the next run (everything due was sent)', async () => {
      const { successful, failed } = await notifier.runForAll();
      return successful + failed;
    });
    // BENCH_BEFORE=0 skips the old way (every user checked, about 45 s at 10,000 users).
    if (process.env.BENCH_BEFORE !== '0') {
      await forget();
      await time('before: every user checked one by one', async () => {
        const ids = await pool.query<{ id: string }>('select id from "user" order by created_at, id');
        for (const { id } of ids.rows) await notifier.runForUser(id);
        return ids.rows.length;
      });
    }

    console.log(
      `\n${USERS.toLocaleString('en')} users, ${DUE_PERCENT} % with a large outflow yesterday (${database.label}; ` +
        `seeded in ${seedSeconds.toFixed(1)} s; ${cpus().length} cores, load average ${loadBefore.toFixed(1)})\n`,
    );
    console.log('| run | time | users checked | emails in the outbox | budget |');
    console.log('| --- | ---: | ---: | ---: | --- |');
    for (const run of runs) {
      const budget = run.name.startsWith('before')
        ? '—'
        : `≤ ${BUDGET_MS / 1000} s ${run.ms <= BUDGET_MS ? 'met' : 'MISSED'}`;
      console.log(
        `| ${run.name} | ${(run.ms / 1000).toFixed(2)} s | ${run.checked.toLocaleString('en')} | ${run.emails.toLocaleString('en')} | ${budget} |`,
      );
    }
    const job = runs[0];
    if (job) {
      recordTarget({
        target: `Notifications job, ${USERS.toLocaleString('en')} users with ${DUE_PERCENT} % due`,
        figure: `${(job.ms / 1000).toFixed(2)} s`,
        budget: `≤ ${BUDGET_MS / 1000} s`,
        met: job.ms <= BUDGET_MS,
        detail: `${job.emails.toLocaleString('en')} emails`,
      });
    }
    await mailer.drain();
    mailer.close();
  } finally {
    await database.stop();
  }
}

await main();
