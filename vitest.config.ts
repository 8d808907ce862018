import { defineConfig } from 'vitest/config';

// Three tiers, run alone with `vitest run --project <name>`:
// unit — pure code (domain, web components), no I/O;
// int  — real PostgreSQL / SMTP / Kafka processes started by the tests themselves;
// e2e  — the built app in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/src/**/*.test.ts', 'infra/src/**/*.test.ts', 'event-store/src/**/*.test.ts', 'personal-data/src/**/*.test.ts', 'http-shell/src/**/*.test.ts', 'command-api/src/**/*.test.ts', 'query-api/src/**/*.test.ts', 'projectors/src/**/*.test.ts', 'analytics/src/**/*.test.ts', 'server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          setupFiles: ['./src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'int',
          globalSetup: ['./tests/support/global-setup.ts'],
          setupFiles: ['./tests/support/int-keys.ts'],
          include: ['tests/int/**/*.test.ts', '**/src/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['./tests/support/global-setup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['./tests/support/page-problems-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker runs the files one after another on one module graph: each file still starts
          // its own shop and Chromium (tests/support/browser-shop.ts), but the server and Playwright
          // modules are imported once, not once a file.
          isolate: false,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['domain/src/**/*.ts'],
      exclude: ['domain/src/**/*.test.ts', 'domain/src/**/test-support/**'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
});
