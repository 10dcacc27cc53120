import { defineConfig } from 'vitest/config';

// The AWS deployment, offline: SST's platform extracted from the sst-linux-x64 binary, the stacks
// type-checked against it and synthesised under Pulumi's mocks (docs/deployment.md).
export default defineConfig({
  test: {
    name: 'infra',
    environment: 'node',
    include: ['tests/infra/**/*.test.ts'],
    globalSetup: ['tests/infra/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Each file synthesises in its own child process; two at a time is what the CI machine holds.
    maxWorkers: 2,
  },
});
