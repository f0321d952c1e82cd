#!/usr/bin/env node
// `npm start`: builds the web app and the server when either is missing or older than its sources, then
// runs the server's bundle (apps/server/dist/main.mjs, plain JavaScript) in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBuilt, newestChange, serverBundle } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/domain/src',
  // Blog, help and legal pages are compiled from these (apps/web/build/content.ts).
  'content',
  'CHANGELOG.md',
];

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesChangedAt = Math.max(...sources.map((path) => newestChange(join(root, path))));
if (builtAt < sourcesChangedAt) {
  process.stdout.write(
    builtAt ? 'Web app sources changed; rebuilding…\n' : 'Building the web app (first start)…\n',
  );
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    process.stderr.write('The web app build failed; see the output above.\n');
    process.exit(result.status ?? 1);
  }
}

try {
  await ensureServerBuilt();
} catch (error) {
  process.stderr.write(
    `The server build failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
await import(pathToFileURL(serverBundle).href);
