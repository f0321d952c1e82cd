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
        your own data. Today you create an account, try the demo bank, import bank statements (CSV, OFX, QFX,
        QIF) and keep accounts and property by hand. Linking a real bank through an aggregator, a crypto
        exchange or a wallet is not available yet.
      </p>
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
        third-party scripts or fonts: every page loads only from your own server. Lodestar does not link to
        any outside bank, exchange or wallet yet (the demo bank runs inside it), so it holds no provider
        credentials.
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
