import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const reports = join(fileURLToPath(new URL('../..', import.meta.url)), '.data', 'test-reports');

// Browser tests against the composed product. `./popote test` launches everything and sets
// POPOTE_E2E_URL to the shell; see README.md.
export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.e2e.ts',
  // One Chromium at a time (the machines have two cores), and files one after another in name
  // order: `zz-cook-remote-down.e2e.ts` stops the cook remote's server, so it must come last.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  // A failed test's trace (`npx playwright show-trace <trace.zip>`) and its last screenshot.
  outputDir: join(reports, 'e2e-artifacts'),
  // The JSON report is what `./popote test` counts; it points PLAYWRIGHT_JSON_OUTPUT_FILE elsewhere for the replicas run.
  reporter: [['list'], ['json', { outputFile: join(reports, 'e2e.json') }]],
  use: {
    browserName: 'chromium',
    headless: true,
    // Debian's Chromium, never a browser downloaded by Playwright.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    baseURL: process.env.POPOTE_E2E_URL,
    viewport: { width: 1280, height: 900 },
    locale: 'fr-FR',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    // DOM snapshots only: a screencast of every test keeps both cores busy (the suite took twice as long).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
  },
});
