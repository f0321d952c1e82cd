// Bundles the server (apps/server/src/main.ts with packages/db and packages/domain) into JavaScript,
// apps/server/dist/main.mjs and the chunks it imports, so `npm start` runs plain JavaScript: no TypeScript compiled at run
// time. Most libraries stay in node_modules (imported as they are); a few plain-JavaScript ones that make up
// most of the files loaded at start are bundled with the project's own code (BUNDLED_LIBRARIES).
// Run on its own (`node scripts/build-server.mjs [--if-stale]`) or through ensureServerBuilt() from start.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundle = join(root, 'apps/server/dist/main.mjs');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/db/src',
  'packages/db/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'scripts/build-server.mjs',
  // The bundle holds some libraries (BUNDLED_LIBRARIES): a changed lock file means they may have changed.
  'package-lock.json',
];

export function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stats.mtimeMs,
  );
}

/** True when the bundle is missing or older than any of the sources it is built from. */
export function serverBuildIsStale() {
  const builtAt = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((path) => newestChange(join(root, path))));
}

/**
 * The bundle lives in another folder than the files it is made of, so each file's `import.meta.url`
 * becomes that file's own address, worked out from the bundle's: paths such as the migrations folder,
 * the web app's build or the bundled exchange rates resolve exactly as they do from the sources.
 */
const ownFileUrls = {
  name: 'own-file-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(serverBundle), args.path).split('\\').join('/');
      return {
        contents: contents.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

/**
 * Libraries bundled with the server's own code: plain JavaScript modules that read no files of their
 * own and make up most of the thousand-odd files Node would otherwise find, read and link at each start
 * (ADR 089): the auth library with its query builder and passkeys, the ORM, the HTTP framework and
 * its OpenAPI layer, zod, jose. Every other library is imported from node_modules as it is (ADR 023).
 */
const BUNDLED_LIBRARIES = [
  'better-auth',
  '@better-auth/',
  'better-call',
  '@better-fetch/',
  'kysely',
  'drizzle-orm',
  'zod',
  'jose',
  '@simplewebauthn/server',
  'hono',
  '@hono/',
  '@asteasolutions/zod-to-openapi',
];
const bundled = (path) =>
  BUNDLED_LIBRARIES.some((name) =>
    name.endsWith('/') ? path.startsWith(name) : path === name || path.startsWith(`${name}/`),
  );

/**
 * The project's packages and BUNDLED_LIBRARIES are bundled; other libraries are imported from
 * node_modules at run time. A library a bundled one imports stays outside only when the bundle's
 * folder finds the same copy of it; a copy nested under the importing library is bundled instead.
 */
const librariesExternal = {
  name: 'libraries-external',
  setup(build) {
    const resolving = Symbol('resolving');
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === resolving) return undefined;
      if (args.path.startsWith('@lodestar/') || bundled(args.path)) return undefined;
      if (!args.importer.includes('/node_modules/')) return { path: args.path, external: true };
      const options = { kind: args.kind, pluginData: resolving };
      const [fromImporter, fromBundle] = await Promise.all([
        build.resolve(args.path, { ...options, resolveDir: args.resolveDir }),
        // From the bundle's folder's parent: the folder itself may not exist yet, and has no node_modules.
        build.resolve(args.path, { ...options, resolveDir: dirname(dirname(serverBundle)) }),
      ]);
      if (fromImporter.errors.length === 0 && fromImporter.path === fromBundle.path)
        return { path: args.path, external: true };
      return fromImporter.errors.length ? undefined : { path: fromImporter.path };
    });
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  // Chunks of earlier builds stay (a running server may still import one of them); names are by content.
  await build({
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    // main.mjs is small: it imports the server (and, with OTEL_EXPORTER_OTLP_ENDPOINT, tracing first) as
    // chunks beside it, so tracing can wrap the libraries before the server's chunk imports them.
    outdir: dirname(serverBundle),
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [librariesExternal, ownFileUrls],
  });
}

/** Builds the server when the bundle is missing or stale; says so on stdout. */
export async function ensureServerBuilt() {
  if (!serverBuildIsStale()) return;
  process.stdout.write(
    existsSync(serverBundle)
      ? 'Server sources changed; rebuilding…\n'
      : 'Building the server (first start)…\n',
  );
  await buildServer();
}

// `--if-stale` leaves a bundle that is up to date alone: tests that start the built server must not rewrite
// it under servers already running from it (CI runs the browser journeys beside the suite).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale')) {
    await ensureServerBuilt();
  } else {
    await buildServer();
    process.stdout.write(`Built ${relative(root, serverBundle)}\n`);
  }
}
