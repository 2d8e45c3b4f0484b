import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import base from './playwright.config'

// Specs that need a hosted engine beside the local one ("Compare engines", docs/product.md#compare-engines):
// the product on a server of its own whose sketch render is configured on fal, served by the fake of fal's queue
// API (apps/server/test/fakes/serve-fal.ts). Ports: PARTI_E2E_HOSTED_PORT (the app) and the next one (the fake).
const PORT = Number(process.env.PARTI_E2E_HOSTED_PORT ?? 3220)
const FAL_PORT = PORT + 3
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
process.env.PARTI_E2E_HOSTED_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parti-e2e-hosted-'))

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: ['**/compare-engines.spec.ts'],
  workers: 1,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: [
    {
      command: 'node --import tsx apps/server/test/fakes/serve-fal.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${FAL_PORT}/.well-known/jwks.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      env: { FAKE_FAL_PORT: String(FAL_PORT) },
    },
    {
      command: 'node scripts/start.mjs all',
      cwd: repoRoot,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.PARTI_E2E_HOSTED_DATA_DIR,
        LOG_LEVEL: 'warn',
        FREE_CREDITS: '400',
        ENABLE_TEST_ROUTES: 'true',
        ENGINE_SKETCH_RENDER: 'fal',
        // a photoreal sky and dusk offered beside the built-in grade (docs/decisions/0125-hosted-sky-and-dusk.md)
        ENGINE_SKY: 'fal',
        ENGINE_DUSK: 'fal',
        FAL_KEY: 'fal_test:secret',
        FAL_BASE_URL: `http://127.0.0.1:${FAL_PORT}`,
        FAL_WEBHOOKS: 'false',
        ENGINE_POLL_INTERVAL_MS: '200',
      },
    },
  ],
})
