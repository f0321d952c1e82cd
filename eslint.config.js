import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: web → domain; server → domain, db; db → domain. */
const boundaryZones = [
  {
    target: './packages/domain',
    from: ['./packages/db', './apps'],
    message: 'The domain package is pure: pass data in instead of importing persistence or app code.',
  },
  {
    target: './packages/db',
    from: ['./apps'],
    message: 'Persistence must not depend on an app: move the shared rule into packages/domain.',
  },
  {
    target: './apps/web',
    from: ['./packages/db', './apps/server/src'],
    message:
      'The web app talks to the server over HTTP: use src/lib/api-client, or `import type` from the server.',
  },
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
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The domain package has no I/O: receive data as arguments.' },
            {
              group: ['react', 'react-dom', 'pg', 'drizzle-orm', 'hono'],
              message: 'The domain package is pure TypeScript.',
            },
          ],
        },
      ],
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/*', '!@/features/*/index'],
              message:
                'Features do not reach into each other: import from the feature index or move it to src/lib.',
            },
          ],
        },
      ],
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
