import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (ADR 003): web → domain (and `import type` from the server); server → domain, db;
 * db → domain. The rules below enforce it by import specifier (ADR 005 says why not by resolved path);
 * `npm run lint` also runs madge to refuse import cycles.
 */
const restrict = (patterns, options = {}) => [
  'error',
  { patterns: patterns.map(([group, message]) => ({ group, message, ...options })) },
];

const DOMAIN_IS_PURE = [
  [['node:*'], 'The domain package has no I/O: receive data as arguments.'],
  [
    ['react', 'react-dom', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'hono', 'hono/*'],
    'The domain package is pure TypeScript.',
  ],
  [
    ['@lodestar/db', '@lodestar/db/*', '@lodestar/server', '@lodestar/server/*', '@lodestar/web'],
    'The domain package depends on nothing of ours: pass data in instead.',
  ],
  [['../../*'], 'Stay inside packages/domain/src.'],
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(DOMAIN_IS_PURE),
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Pass `today`/`now` in: domain rules must be deterministic.',
        },
        {
          object: 'Math',
          property: 'random',
          message: 'Pass randomness in: domain rules must be deterministic.',
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.test.ts'],
    // Tests may read fixtures from disk; the rules under test stay pure.
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        [
          ['@lodestar/server', '@lodestar/server/*', '@lodestar/web', '../../../apps/*', '../../apps/*'],
          'Persistence must not depend on an app: move the shared rule into packages/domain.',
        ],
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        [['@lodestar/web', '@lodestar/web/*', '../../web/*'], 'The server never imports the web app.'],
        [
          ['@lodestar/db/src/*', '@lodestar/domain/src/*'],
          'Import a package by its name and public exports.',
        ],
      ]),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': restrict(
        [
          [
            ['@lodestar/db', '@lodestar/db/*', '@lodestar/server', '@lodestar/server/*'],
            'The web app talks to the server over HTTP: use src/lib/api-client (type-only imports are fine).',
          ],
        ],
        { allowTypeImports: true },
      ),
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        [
          [
            ['@/features/*', '../../features/*', '../../*/*'],
            'Features do not import each other: use relative imports inside a feature, and move shared code to src/components or src/lib.',
          ],
          [
            ['@/app/*'],
            'Features do not import the app shell: move what you need to src/components or src/lib.',
          ],
          [
            ['@lodestar/db', '@lodestar/db/*', '@lodestar/server', '@lodestar/server/*'],
            'The web app talks to the server over HTTP.',
          ],
        ],
        { allowTypeImports: true },
      ),
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['scripts/**', '**/*.test.{ts,tsx}', '**/e2e/**', '**/testing/**'],
    rules: { 'no-console': 'off' },
  },
);
