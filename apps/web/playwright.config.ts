import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'

// PARTI_E2E_PORT lets two suites run side by side (several people working in one tree)
const PORT = Number(process.env.PARTI_E2E_PORT ?? 3210)
// the suite's mail server (scripts/mail-sink.mjs): SMTP one port up, its messages over HTTP two ports up
const SMTP_PORT = PORT + 1
const MAIL_SINK_URL = `http://127.0.0.1:${PORT + 2}`
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
// One fresh data directory per run; workers re-read this file, so keep the first one in the environment.
process.env.PARTI_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parti-e2e-'))

export default defineConfig({
  testDir: './e2e',
  // specs that need a hosted engine beside the local one run on a server of their own (playwright.hosted.config.ts)
  testIgnore: ['**/compare-engines.spec.ts'],
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node apps/web/scripts/mail-sink.mjs',
      cwd: repoRoot,
      url: `${MAIL_SINK_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      env: { MAIL_SINK_SMTP_PORT: String(SMTP_PORT), MAIL_SINK_HTTP_PORT: String(PORT + 2) },
    },
    {
      // the real product: SPA, API and worker on one port, on a fresh PGlite folder and the local engine
      command: 'node scripts/start.mjs all',
      cwd: repoRoot,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      // a quiet server: the tests read the browser, not the log
      stderr: 'pipe',
      // accounts start with 400 credits here (200 by default) so one scenario can pay for a 10 s video (300)
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.PARTI_E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        FREE_CREDITS: '400',
        // admin.spec.ts signs this address up: it gets the admin role
        // (docs/decisions/0011-admin-role-on-the-server.md)
        ADMIN_EMAILS: 'admin@parti.test',
        // /api/test/* (credit grants, copies of a result) for scenarios that need many results quickly
        ENABLE_TEST_ROUTES: 'true',
        // every mail goes to the suite's mail server (account.spec.ts reads the reset link from it)
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Parti <no-reply@parti.test>',
        // developers.spec.ts receives job webhooks on loopback (docs/product.md#api-webhooks)
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        WEBHOOK_RETRY_BASE_MS: '500',
      },
    },
  ],
})
