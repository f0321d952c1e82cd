import { defineConfig } from 'drizzle-kit';

// Run from packages/db: `npm run db:generate` (no database needed; SQL is applied at server start).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
