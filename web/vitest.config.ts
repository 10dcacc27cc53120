import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component tests: jsdom, one setup that adds jest-dom matchers and the browser APIs Mantine needs.
export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify('test'),
    __BUILD_DATE__: JSON.stringify('2026-01-01'),
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-utils/setup.ts'],
    testTimeout: 20_000,
  },
});
