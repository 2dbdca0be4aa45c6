import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the `mesura-source` condition, so unit
// tests run against src/ without a build step.
const conditions = ['mesura-source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['mesura-source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'server/test/**/*.test.ts', 'apps/*/test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
