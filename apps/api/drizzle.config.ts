import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/api` writes a new migration into ./drizzle from the schema; the app applies them
// on start (src/db/migrate.ts). No database connection is needed to generate.
export default defineConfig({
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  dialect: 'postgresql',
});
