import { defineConfig } from 'vitest/config';

// One run for the whole repo: unit tests beside the code, integration suites in tests/integration.
// Browser (Playwright) suites live in tests/browser and run through `playwright test`.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ['tests/support/polyfills.ts'],
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
