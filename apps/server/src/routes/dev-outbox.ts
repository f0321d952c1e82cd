import { emailOutbox, type Database } from '@lodestar/db';
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';

const SHOWN = 50;

/**
 * Development only (NODE_ENV=development): the newest emails of the outbox, so sign-up and reset
 * links can be followed on a machine without a mail server. Never mounted in production.
 */
export function devOutboxRoutes(db: Database) {
  return new Hono().get('/', async (c) => {
    const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(SHOWN);
    const items = rows.map(
      (row) =>
        html`<article>
          <h2>${row.subject}</h2>
          <p class="meta">
            To ${row.toAddress} · ${row.kind} · ${row.status} · ${row.createdAt.toISOString()}
          </p>
          <pre>${row.textBody}</pre>
        </article>`,
    );
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <title>Outbox · Lodestar (development)</title>
            <style>
              body {
                font-family: system-ui, sans-serif;
                max-width: 60rem;
                margin: 2rem auto;
                padding: 0 1rem;
              }
              article {
                border: 1px solid #ccc;
                border-radius: 8px;
                padding: 1rem;
                margin: 1rem 0;
              }
              .meta {
                color: #555;
                font-size: 0.875rem;
              }
              pre {
                white-space: pre-wrap;
              }
            </style>
          </head>
          <body>
            <h1>Outbox</h1>
            <p>The ${SHOWN} newest emails this server sent or would have sent (development only).</p>
            ${items.length ? items : raw('<p>No emails yet.</p>')}
          </body>
        </html>`,
    );
  });
}
