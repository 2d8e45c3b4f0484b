import { defineConfig } from 'drizzle-kit'

// The same SQL migrations apply on PGlite and PostgreSQL; generate with `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
})
