// Bundles the server (apps/server/src/main.ts with packages/db and packages/domain) into JavaScript,
// apps/server/dist/main.mjs and the chunks it imports, so `npm start` runs plain JavaScript: no TypeScript compiled at run
// time. Libraries stay in node_modules (imported as they are); only the project's own code is bundled.
// Run on its own (`node scripts/build-server.mjs`) or through ensureServerBuilt() from start.mjs.
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

/** Libraries are imported from node_modules at run time; the project's packages are bundled. */
const librariesExternal = {
  name: 'libraries-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lodestar/') ? undefined : { path: args.path, external: true },
    );
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  process.stdout.write(`Built ${relative(root, serverBundle)}\n`);
}
