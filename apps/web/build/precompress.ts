import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files the browser loads; source maps are left alone (only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, compression saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of the build, so the server sends them as they are instead of compressing on each request (its
 * static handler looks for them). A compressed copy that is not smaller than the file is not written.
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir)).filter((path) => COMPRESSIBLE.test(path));
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (path) => {
      if ((await stat(path)).size < MIN_BYTES) return;
      const body = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${path}.br`, br);
      if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
      count += 1;
      bytes += body.length;
      brotliBytes += Math.min(br.length, body.length);
    }),
  );
  return { files: count, bytes, brotliBytes };
}

/** Vite plugin: precompresses the build output once it is written (public files included). */
export function precompress(): Plugin {
  let outDir = 'dist';
  let log: (message: string) => void = () => {};
  return {
    name: 'lodestar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDir(outDir);
      log(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB with brotli`,
      );
    },
  };
}
