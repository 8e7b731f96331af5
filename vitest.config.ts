import { defineConfig } from 'vitest/config';

// One Vitest run, three projects. `source` makes workspace packages resolve to their
// TypeScript sources, so tests never need a build first.
const resolve = { conditions: ['source', 'module', 'browser', 'development|production'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: {
          name: 'domain',
          environment: 'node',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        resolve: { conditions: ['source'] },
        // Node-side modules resolve through the SSR environment: the domain package's TypeScript
        // sources, so a test runs without building it first.
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Integration tests each start their own database; keep the two cores busy, not swamped.
          maxWorkers: 2,
          minWorkers: 1,
          // In CI a failed test runs once more (as the end-to-end tests do); the reporter
          // marks one that passed only on its retry.
          retry: process.env.CI === 'true' ? 1 : 0,
          // E-mails and webhooks go out through the job queue; on a busy machine that can take
          // longer than expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A test that types into a whole rendered app takes 2-3 s on a quiet machine and
          // more than twice that while the two cores also build or run a server.
          testTimeout: 20_000,
          retry: process.env.CI === 'true' ? 1 : 0,
        },
      },
    ],
  },
});
