import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const TOPICS = [
  {
    title: 'What Lodestar is',
    body: (
      <p>
        A personal-finance dashboard you run yourself. It brings your bank accounts, investments, crypto and
        property into one view and computes balances, spending and net worth from your own data.
      </p>
    ),
  },
  {
    title: 'Running it',
    body: (
      <>
        <p>
          With Node.js 20.19 or newer installed, run{' '}
          <code className="rounded bg-muted px-1">npm install &amp;&amp; npm start</code> in the Lodestar
          folder and open the address it prints (by default http://localhost:3000). Stop it with Ctrl-C.
        </p>
        <p className="mt-2">
          Lodestar starts its own database; nothing else needs installing. To reach it from other devices on
          your network, set <code className="rounded bg-muted px-1">HOST=0.0.0.0</code>.
        </p>
      </>
    ),
  },
  {
    title: 'Where your data lives',
    body: (
      <p>
        Everything is stored in the data folder (<code className="rounded bg-muted px-1">./data</code>, or the
        folder named by <code className="rounded bg-muted px-1">DATA_DIR</code>). Back it up by stopping
        Lodestar and copying that folder. To use a PostgreSQL server you already run, set{' '}
        <code className="rounded bg-muted px-1">DATABASE_URL</code>.
      </p>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        Your data never leaves your machine unless you connect a provider, and then only the requests that
        provider needs are made. Provider secrets are encrypted at rest. Only essential cookies are used.
      </p>
    ),
  },
  {
    title: 'For developers',
    body: (
      <p>
        The API is described at{' '}
        <a className="text-primary underline" href="/api/docs">
          /api/docs
        </a>
        . Health and readiness checks are at /api/v1/health and /api/v1/ready.
      </p>
    ),
  },
];

export default function HelpPage() {
  return (
    <>
      <PageHeader title="Help" description="Running Lodestar and keeping your data safe." />
      <div className="grid gap-4 md:grid-cols-2">
        {TOPICS.map((topic) => (
          <Card key={topic.title}>
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
