// Playwright e2e tests against the release build in dist/ (run `trunk build --release --locked` first).
// Uses Debian's Chromium; Playwright downloads no browser (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8765);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two at once in CI, on its 2 cores: a journey spends much of its time waiting (for idle
  // periods, animations, the autosave), which another journey can use.
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action of every test, passing or not: about 60% more CPU for the
    // journeys (measured 2026-11-27 on three specs, 14 tests: 20 s of CPU with traces, 13 s
    // without). CI records none; to get one for a failing journey there, run it again with
    // `npx playwright test FILE --trace retain-on-failure`. Screenshots on failure stay.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The release build registers a service worker (offline copy). Routes and request counts
    // in the specs must see the page's own requests, so workers are blocked, except in
    // e2e/offline.spec.mjs, which tests them.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-default-apps',
        '--disable-sync',
        '--metrics-recording-only',
        '--no-first-run',
      ],
    },
  },
  // A plain static server (never `trunk serve`, which rebuilds dist/ behind our back).
  // It serves dist/ at / and again at /sub/path/ to check relative asset URLs.
  webServer: {
    command: `python3 e2e/serve.py --port ${port} --dir dist --sub /sub/path/`,
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
