import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Where `npm run dev` forwards the reports and export APIs: the Mesura server (default port 8080). */
const MESURA_SERVER_URL = process.env.MESURA_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  // The Mesura server mounts the console under /consola/; asset URLs must carry that prefix.
  base: '/consola/',
  plugins: [react()],
  resolve: {
    // Workspace packages export their TypeScript sources under this condition.
    conditions: ['mesura-source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': MESURA_SERVER_URL,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
