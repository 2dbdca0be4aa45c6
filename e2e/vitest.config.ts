import { defineConfig } from 'vitest/config';

const conditions = ['mesura-source', 'module', 'node', 'import', 'default'];

// Real-browser and real-process tests: they run the built server (npm run build first), one file at
// a time so that Chromium and the servers do not compete for the machine's two cores.
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['mesura-source'] } },
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    fileParallelism: false,
    // Tests a file marks concurrent (describe.concurrent) run two at a time: one's network waits
    // overlap the other's Chromium work, and two keep both cores busy without starving either.
    maxConcurrency: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
