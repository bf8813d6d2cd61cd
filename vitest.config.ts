import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Projects: pure domain rules; web components in jsdom; API tests against PGlite (npm test) and
 * the same API tests against a PostgreSQL server (npm run test:postgres, run by CI).
 */
const serverTests = ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'];

export default defineConfig({
  test: {
    globals: true,
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two cores,
    // where the files mostly wait on a database or load modules. Two at once took the clean-clone
    // CI's vitest runs from 11.3 to 5.9 min and 4.0 to 2.5 min, every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globals: true,
          // Property tests run hundreds of random months and the file checks start xmllint and
          // hledger: seconds each when the 2-core machine is busy, never a wrong answer.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['src/web/test-setup.ts'],
          // Rendering whole screens in jsdom takes seconds on a busy 2-core CI machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: serverTests,
          environment: 'node',
          globals: true,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: [...serverTests, 'src/server/**/*.pg-test.ts'],
          // The embedded database's backup runs on PGlite whatever the project; once is enough. The
          // office model drives PGlite; the ledger check itself runs on both.
          exclude: ['scripts/backup.test.ts', 'src/server/ledger/office-model-*.test.ts'],
          environment: 'node',
          globals: true,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test-support/global-setup-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
