import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the `mesura-source` condition, so unit
// tests run against src/ without a build step.
const conditions = ['mesura-source', 'module', 'node', 'import', 'default'];
// Without 'import' on the server side: Vite adds it to ESM imports itself, and listed here it also
// applied to require() inside CommonJS packages, handing pg's require('pg-pool') the ESM wrapper
// ("Class extends value [object Module] is not a constructor").
const serverConditions = conditions.filter((condition) => condition !== 'import');

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: serverConditions, externalConditions: ['mesura-source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'server/test/**/*.test.ts', 'apps/*/test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
