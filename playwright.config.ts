import { defineConfig } from '@playwright/test';

// Browser suite: Debian's chromium (never a downloaded browser) against the real local stack,
// which the global setup starts on a free port. Build the web app first (npm run test:browser).
export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/browser/support/global-setup.ts',
  outputDir: 'test-results/browser',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    // The app honours reduced motion (theme.respectReducedMotion), so no toast or modal is caught
    // mid-fade by a screenshot or by axe, which would read a half-transparent toast as low contrast.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
