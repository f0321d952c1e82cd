import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.8125rem] text-foreground">
      {children}
    </code>
  );
}

function Command({ children }: { children: string }) {
  return (
    <pre className="mt-2 whitespace-pre-wrap rounded-md bg-muted p-3 [overflow-wrap:anywhere] font-mono text-[0.8125rem] text-foreground">
      <code>{children}</code>
    </pre>
  );
}

const TOPICS: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'what',
    title: 'What Lodestar is',
    body: (
      <p>
        A personal-finance dashboard you run yourself. It brings bank accounts, investments, crypto exchanges,
        wallets and property into one view, and works out balances, spending, cash flow and net worth from
        your own data. Today you create an account, link banks through Plaid or SimpleFIN Bridge, try the demo
        bank, import bank statements (CSV, OFX, QFX, QIF), follow Bitcoin and Solana wallets by their public
        address and keep accounts and property by hand. Linking a crypto exchange is not available yet.
      </p>
    ),
  },
  {
    id: 'bank',
    title: 'Connect your bank',
    body: (
      <>
        <p>
          Open Banks (or Accounts) and choose <strong>Add account</strong>. Each way of adding accounts says
          whether this server is set up for it.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            <strong>SimpleFIN Bridge</strong> (US and Canada, a small yearly fee paid to SimpleFIN): connect
            your banks in SimpleFIN Bridge, create a setup token there and paste it into Connect with
            SimpleFIN. The token works once. Accounts, balances and about 90 days of transactions, pending
            ones included, arrive in the first sync; Lodestar keeps the access SimpleFIN gives encrypted with{' '}
            <Code>ENCRYPTION_KEY</Code> and syncs at most every 4 hours, which keeps within the Bridge&apos;s
            daily request limit. If SimpleFIN stops accepting the access, choose Reconnect and paste a new
            token.
          </li>
          <li>
            <strong>Bank (Plaid)</strong> (US, Canada and Europe) needs <Code>PLAID_CLIENT_ID</Code> and{' '}
            <Code>PLAID_SECRET</Code> set on the server (<Code>PLAID_ENV</Code> chooses sandbox or
            production). Choose Link with Plaid, find your bank and sign in inside Plaid&apos;s window; the
            accounts and up to 24 months of transactions arrive in the first sync, and Plaid&apos;s access is
            kept encrypted with <Code>ENCRYPTION_KEY</Code>. If the bank asks you to sign in again, the
            connection shows Reconnect needed: choose Reconnect and sign in through Plaid once more.
          </li>
          <li>
            Without either, import your bank&apos;s statements or add accounts by hand; the demo bank shows
            how syncing works with made-up data.
          </li>
        </ul>
        <p className="mt-2">
          Linked banks sync on their own every 6 hours (SimpleFIN: at most every 4 hours) and whenever you
          press Sync now on the Banks page, which also shows each connection&apos;s status and what the bank
          reported.
        </p>
      </>
    ),
  },
  {
    id: 'run',
    title: 'Running it yourself',
    body: (
      <>
        <p>With Node.js 20.19 or newer installed, run this in the Lodestar folder:</p>
        <Command>npm install &amp;&amp; npm start</Command>
        <p className="mt-2">
          Then open <Code>http://localhost:3000</Code>. Lodestar starts its own PostgreSQL database; there is
          nothing else to install. Stop it with Ctrl-C. To reach it from other devices on your network, start
          it with <Code>HOST=0.0.0.0</Code>; <Code>PORT</Code> changes the port.
        </p>
      </>
    ),
  },
  {
    id: 'data',
    title: 'Where your data lives',
    body: (
      <>
        <p>
          Everything is kept in the data folder: <Code>./data</Code> inside the Lodestar folder, or the folder
          you name with <Code>DATA_DIR</Code>. To back up, stop Lodestar and copy that folder.
        </p>
        <p className="mt-2">
          To use a PostgreSQL server you already run (version 15 or newer), set <Code>DATABASE_URL</Code> when
          starting:
        </p>
        <Command>DATABASE_URL=postgres://user:password@host:5432/lodestar npm start</Command>
        <p className="mt-2">
          With an external database, also set <Code>ENCRYPTION_KEY</Code>, <Code>AUTH_SECRET</Code> and{' '}
          <Code>CRON_SECRET</Code> (32 characters or more each). Every setting is an environment variable; the
          full list is in the README.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        Your data stays on the machine that runs Lodestar. There are no analytics, no tracking and no
        third-party scripts or fonts: every page loads only from your own server. The only outside service it
        reaches for your data is the one you link: SimpleFIN Bridge, whose access it keeps encrypted and uses
        only to read your accounts.
      </p>
    ),
  },
  {
    id: 'developers',
    title: 'For developers',
    body: (
      <p>
        The HTTP API is described at{' '}
        <a className="font-medium text-primary underline underline-offset-4" href="/api/docs">
          /api/docs
        </a>
        . Health checks for monitoring live at <Code>/api/v1/health</Code> (the process is up) and{' '}
        <Code>/api/v1/ready</Code> (the database is reachable).
      </p>
    ),
  },
];

export function HelpRoute() {
  return (
    <>
      <PageHeader title="Help" description="Running Lodestar and keeping your data safe." />
      <div className="grid gap-4 md:grid-cols-2">
        {TOPICS.map((topic) => (
          <Card key={topic.id} className="min-w-0">
            <CardHeader>
              <CardTitle>{topic.title}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm leading-relaxed text-muted-foreground">{topic.body}</CardContent>
          </Card>
        ))}
      </div>
    </>
  );
}
