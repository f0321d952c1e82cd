import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createDb, createReadRouter, insertManualAccount, user, type DbHandle } from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLICA_READS } from './http/read-routing';
import { metrics } from './observability/metrics';
import { createAuthWorld, type AuthWorld } from './testing/auth-fixtures';
import type { TestBrowser } from './testing/browser';

// A second database stands in for the replica. It holds different rows from the primary, so an answer
// tells where it was read; it refuses writes as a standby does; and its lag is what a table in it says
// (the router runs that query instead of asking for the replay timestamp, which a primary has not got).
const LAG_SQL = 'select seconds as lag from replica_lag';
const MAX_LAG_SECONDS = 5;

type Envelope<T> = { success: boolean; data: T };
type Accounts = Envelope<{ accounts: { name: string }[] }>;

let clock = new Date();
let replica: TestDatabase;
let reader: DbHandle;
let unreachable: DbHandle;
let w: AuthWorld;
let down: AuthWorld;
let browser: TestBrowser;
let browserOfDown: TestBrowser;

/** Signs a person up in `world`, gives them an account on its primary, and copies them to the replica. */
async function seed(world: AuthWorld, replicaAccount: string | undefined): Promise<TestBrowser> {
  const { browser: signedIn, email } = await world.signUp();
  const primary = world.t.database.db;
  const [person] = await primary.select().from(user).where(eq(user.email, email));
  if (!person) throw new Error('no user');
  const account = { type: 'depository', subtype: null, currency: 'USD', balanceMinor: 10_000 };
  await insertManualAccount(primary, { ...account, userId: person.id, name: 'Primary checking' });
  if (replicaAccount) {
    await replica.db.insert(user).values(person);
    await insertManualAccount(replica.db, { ...account, userId: person.id, name: replicaAccount });
  }
  return signedIn;
}

async function setLag(seconds: number | null): Promise<void> {
  await replica.pool.query(
    `begin read write; update replica_lag set seconds = ${seconds === null ? 'null' : Number(seconds)}; commit`,
  );
}

const accountNames = async (who: TestBrowser) => {
  const answer = await who.json<Accounts>('/api/v1/accounts');
  expect(answer.status).toBe(200);
  return answer.body.data.accounts.map((account) => account.name).sort();
};

async function routed(handle: 'replica' | 'primary'): Promise<number> {
  const metric = await metrics.registry.getSingleMetric('lodestar_db_read_routing_total')?.get();
  return metric?.values.find((value) => value.labels.handle === handle)?.value ?? 0;
}

beforeAll(async () => {
  replica = await createTestDatabase();
  await replica.pool.query('create table replica_lag (seconds float8); insert into replica_lag values (0)');
  const admin = new pg.Client({ connectionString: replica.adminUrl });
  await admin.connect();
  // A standby refuses every write: so does this one, to every connection opened from here on.
  await admin.query(
    `alter database ${admin.escapeIdentifier(new URL(replica.url).pathname.slice(1))} set default_transaction_read_only = on`,
  );
  await admin.end();
  reader = createDb({ url: replica.url, poolMax: 3 });
  unreachable = createDb({ url: 'postgres://postgres@127.0.0.1:1/lodestar', poolMax: 1 });

  // checkEveryMs 0: every request checks the lag again, so a change of it shows in the next answer.
  w = await createAuthWorld(
    {},
    {
      now: () => clock,
      readRouter: (primary) =>
        createReadRouter({
          primary: primary.db,
          replica: reader,
          maxLagSeconds: MAX_LAG_SECONDS,
          lagSql: LAG_SQL,
          checkEveryMs: 0,
        }),
    },
  );
  down = await createAuthWorld(
    {},
    {
      readRouter: (primary) =>
        createReadRouter({ primary: primary.db, replica: unreachable, maxLagSeconds: MAX_LAG_SECONDS }),
    },
  );
  browser = await seed(w, 'Replica checking');
  browserOfDown = await seed(down, undefined);
});

afterAll(async () => {
  await w.close();
  await down.close();
  await reader.close();
  await unreachable.close();
  await replica.drop();
});

describe('reads from a read replica (DATABASE_REPLICA_URL)', () => {
  it('lists from the replica while its lag is within the limit, and counts where reads went', async () => {
    await setLag(0);
    const before = await routed('replica');
    expect(await accountNames(browser)).toEqual(['Replica checking']);
    await setLag(MAX_LAG_SECONDS);
    expect(await accountNames(browser)).toEqual(['Replica checking']);
    // A primary (no replay timestamp) reads as no lag.
    await setLag(null);
    expect(await accountNames(browser)).toEqual(['Replica checking']);
    expect(await routed('replica')).toBe(before + 3);
  });

  it('reads from the primary once the replica is further behind than the limit', async () => {
    await setLag(MAX_LAG_SECONDS + 0.5);
    const before = await routed('primary');
    expect(await accountNames(browser)).toEqual(['Primary checking']);
    expect(await routed('primary')).toBe(before + 1);
    await setLag(0);
    expect(await accountNames(browser)).toEqual(['Replica checking']);
  });

  it('reads from the primary, with no error, when the replica cannot be reached', async () => {
    expect(await accountNames(browserOfDown)).toEqual(['Primary checking']);
    const dashboard = await browserOfDown.json<Envelope<unknown>>('/api/v1/dashboard');
    expect(dashboard.status).toBe(200);
  });

  it('answers every operation routed to the replica from a database that refuses writes', async () => {
    await setLag(0);
    const requests = [...REPLICA_READS].map((key) => {
      const [method, path] = key.split(' ') as [string, string];
      return { key, method, path };
    });
    const before = await routed('replica');
    for (const { key, method, path } of requests) {
      const answer = await browser.json<Envelope<unknown>>(
        `/api/v1${path}`,
        method === 'POST'
          ? { body: { measure: 'spending', groupBy: 'category', range: { preset: 'this-month' } } }
          : {},
      );
      expect([key, answer.status]).toEqual([key, 200]);
    }
    // Each was routed to the replica: a name in the list that matched no operation would not count.
    expect(await routed('replica')).toBe(before + requests.length);
  });

  it('keeps a write, its own answer and its author’s next reads on the primary', async () => {
    await setLag(0);
    const created = await browser.json<Envelope<{ account: { name: string } }>>('/api/v1/accounts', {
      body: { name: 'Added savings', type: 'depository', currency: 'USD', balance: 5 },
    });
    // The answer reads the new account back: from the replica it would be a 404.
    expect(created.status).toBe(201);
    expect(created.body.data.account.name).toBe('Added savings');
    // The replica is not behind, yet the author's reads stay on the primary long enough for it to catch up.
    expect(await accountNames(browser)).toEqual(['Added savings', 'Primary checking']);
    clock = new Date(clock.getTime() + (MAX_LAG_SECONDS - 1) * 1000);
    expect(await accountNames(browser)).toEqual(['Added savings', 'Primary checking']);
    clock = new Date(clock.getTime() + 2_000);
    expect(await accountNames(browser)).toEqual(['Replica checking']);
  });
});
