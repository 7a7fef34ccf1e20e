import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5055);

/**
 * Browser tests run against the production build on a fresh temporary database (see
 * scripts/e2e-server.mjs), in the system Chromium: no browser is ever downloaded.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The longest journeys take about 20 s on a quiet machine; CI runs two shards on two cores, and a
  // slow runner has taken three times as long, so a test gets room for that before it counts as stuck.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'da-DK',
    // Recording a trace costs every test (three specs: 190 s with it, 174 s without); CI prints what
    // failed and why, and its traces stay on a machine nobody opens, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium refuses some ports outright (5060 and 5061 are SIP's): allow the one the tests use.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--explicitly-allowed-ports=${port},${port + 1}`,
        // A company's own domain, as its CNAME would lead it here: a second name on loopback.
        '--host-resolver-rules=MAP *.firma.test 127.0.0.1',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/public-config`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM, not Playwright's default SIGKILL, so the server stops cleanly and the e2e script
    // removes its temporary data (and its PostgreSQL database, with E2E_DATABASE_URL).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
