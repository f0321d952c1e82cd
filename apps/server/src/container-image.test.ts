import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

/**
 * The container image and the compose file (README "Running it for real"), read as Docker and Compose
 * read them: pinned base images, a non-root user, a health check on /api/v1/ready, production
 * dependencies only, and a compose stack of PostgreSQL 17, Redis 7 and two app replicas behind Caddy
 * with every secret from .env. (No image is built or pulled here: CI has no registry access.)
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (name: string) => readFileSync(`${root}${name}`, 'utf8');

type Instruction = { keyword: string; args: string; line: number };

/** Dockerfile instructions: comments and blank lines dropped, `\` continuations joined. */
function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (pending && line.startsWith('#')) return;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1).trim() : line;
    pending = pending
      ? { text: `${pending.text} ${part}`, line: pending.line }
      : { text: part, line: index + 1 };
    if (continued) return;
    const match = /^(\S+)\s*(.*)$/.exec(pending.text);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: pending.line });
    pending = undefined;
  });
  return instructions;
}

/**
 * A tag that names one release (`node:22.20.0-bookworm-slim`; PostgreSQL's releases are `17.6`) or a
 * digest: never `latest`, a bare major or a `major.minor` line that moves.
 */
const PINNED = /^[\w./-]+(?::\d+\.\d+(?:\.\d+)?(?:-[\w.-]+)?(?:@sha256:[a-f0-9]{64})?|@sha256:[a-f0-9]{64})$/;

describe('Dockerfile', () => {
  const instructions = parseDockerfile(read('Dockerfile'));
  const stages: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push([instruction]);
    else stages.at(-1)?.push(instruction);
  }
  const runtime = stages.at(-1) ?? [];
  const argsOf = (stage: Instruction[], keyword: string) =>
    stage.filter((item) => item.keyword === keyword).map((item) => item.args);

  it('builds in one stage and runs from another, both on a pinned Node 22 image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      const image = stage[0]!.args.split(/\s+/)[0]!;
      expect(image).toMatch(PINNED);
      expect(image).toMatch(/^node:22\.\d+\.\d+-/);
    }
    expect(argsOf(stages[0]!, 'RUN').join('\n')).toMatch(/npm run build/);
  });

  it('installs production dependencies only in the runtime stage and copies the built web app', () => {
    const runs = argsOf(runtime, 'RUN').join('\n');
    expect(runs).toMatch(/npm ci\b[^\n]*--omit=dev/);
    expect(runs).not.toMatch(/npm (?:install|i)\b/);
    const copies = argsOf(runtime, 'COPY');
    expect(copies.some((args) => /--from=\S+ \S*apps\/web\/dist\b/.test(args))).toBe(true);
    expect(copies.some((args) => /--from=\S+ \S*apps\/server\/dist\b/.test(args))).toBe(true);
    expect(copies.some((args) => /--from=\S+ \S*packages\/db\/migrations\b/.test(args))).toBe(true);
    expect(argsOf(runtime, 'CMD').at(-1)).toContain('apps/server/dist/main.mjs');
  });

  it('runs as a user other than root', () => {
    const users = argsOf(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users.at(-1)!.split(':')[0]!;
    expect(['root', '0', '']).not.toContain(user);
    // Nothing after USER switches back or runs as root.
    const userLine = runtime.findLast((item) => item.keyword === 'USER')!.line;
    expect(runtime.filter((item) => item.line > userLine && item.keyword === 'RUN')).toEqual([]);
  });

  it('checks health on /api/v1/ready', () => {
    const checks = argsOf(runtime, 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatch(/CMD/);
    expect(checks[0]).toContain('/api/v1/ready');
  });

  it('keeps local state and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', 'data', '.env']));
  });
});

type Service = {
  image?: string;
  build?: unknown;
  env_file?: string | string[];
  environment?: Record<string, string>;
  volumes?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  ports?: string[];
};

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml')) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;

  it('runs PostgreSQL 17 and Redis 7 on pinned images with named volumes and health checks', () => {
    expect(services.postgres?.image).toMatch(/^postgres:17\.\d+/);
    expect(services.redis?.image).toMatch(/^redis:7\.\d+\.\d+/);
    expect(services.caddy?.image).toMatch(/^caddy:2\.\d+\.\d+/);
    for (const name of ['postgres', 'redis', 'caddy']) {
      expect(services[name]?.image, name).toMatch(PINNED);
    }
    for (const name of ['postgres', 'redis']) {
      expect(services[name]?.healthcheck?.test.length, name).toBeGreaterThan(0);
      const mounts = (services[name]?.volumes ?? []).map((volume) => volume.split(':')[0]!);
      expect(mounts.length, name).toBeGreaterThan(0);
      // Named volumes, declared at the top level (not a folder of the host).
      for (const mount of mounts) expect(Object.keys(compose.volumes)).toContain(mount);
    }
  });

  it('runs two app replicas from the Dockerfile on that database and Redis, behind a trusted proxy', () => {
    const app = services.app!;
    expect(app.build).toBeDefined();
    expect(app.deploy?.replicas).toBe(2);
    expect(app.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(app.environment?.REDIS_URL).toBe('redis://redis:6379');
    expect(app.environment?.TRUST_PROXY).toBe('true');
    expect(app.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    // The proxy is the only way in.
    expect(app.ports).toBeUndefined();
    expect(services.caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    const caddyfile = read('Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy/);
    expect(caddyfile).toMatch(/name app\b/);
    expect(caddyfile).toContain('health_uri /api/v1/ready');
  });

  it('takes every secret from .env, never from the file itself', () => {
    expect(services.app?.env_file).toBe('.env');
    const text = read('compose.yaml');
    for (const name of ['ENCRYPTION_KEY', 'AUTH_SECRET', 'CRON_SECRET', 'METRICS_TOKEN'])
      expect(text).not.toMatch(new RegExp(`${name}\\s*[:=]`));
    expect(services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD/);
    const example = read('.env.example');
    for (const name of [
      'PUBLIC_URL',
      'SITE_ADDRESS',
      'POSTGRES_PASSWORD',
      'ENCRYPTION_KEY',
      'AUTH_SECRET',
      'CRON_SECRET',
    ])
      expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});
