import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, minifySync, type Plugin } from 'vite';
import { captureEarlyInput } from './src/early-input/capture-early-input';
import { capturePendingActivityMap } from './src/early-input/capture-pending-activity-map';
import { capturePendingLinkClick } from './src/early-input/capture-pending-link-click';

/** Where `npm run dev` forwards the SDK, beacons and APIs: the Mesura server (default port 8080). */
const MESURA_SERVER_URL = process.env.MESURA_SERVER_URL ?? 'http://localhost:8080';

/** The literal the Mesura server replaces with the SDK configuration (a JSON object) when it serves index.html. */
const CONFIG_PLACEHOLDER = '__MESURA_CONFIG__';

/**
 * In `vite dev` nobody replaces the placeholder, and a bare `__MESURA_CONFIG__` would throw a
 * ReferenceError that also stops the snippet from defining the `window.mesura` queue. Dev pages get
 * an empty configuration instead; `vite build` leaves the placeholder verbatim for the server.
 */
function emptyConfigInDev(): Plugin {
  return {
    name: 'mesura-empty-config-in-dev',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(CONFIG_PLACEHOLDER, '{}'),
  };
}

/**
 * The first view's early clicks and submits, tracked links clicked before the app, and links'
 * ActivityMaps before /mesura.js, are kept from the first moment the page is shown: the captures
 * run inline in the head, before the body is parsed, not in the entry module, which runs only after
 * the whole page has been parsed (src/early-input/capture-early-input.ts,
 * capture-pending-link-click.ts, capture-pending-activity-map.ts).
 */
function earlyInputCapture(): Plugin {
  return {
    name: 'mesura-early-input-capture',
    transformIndexHtml: () => {
      // Minified: it counts towards the home page's script before consent (bench/site.mjs).
      // One script for all: one nonce, and one gzip stream in the bench's count.
      const source = [captureEarlyInput, capturePendingLinkClick, capturePendingActivityMap].map((capture) => `(${capture.toString()})(window);`).join('');
      const { code, errors } = minifySync('capture-early-input.js', source);
      if (errors.length > 0) throw new Error(`The early input capture does not minify: ${errors[0]?.message}`);
      return [{ tag: 'script', children: code.trim(), injectTo: 'head' }];
    },
  };
}

/**
 * React Router's package exports name its development build only (warnings, the "Hey developer"
 * error screen, long invariant texts); a production build takes its production build instead:
 * 0.5 KB gzip less of the home page's JavaScript before consent (bench/site.mjs).
 */
const REACT_ROUTER_PRODUCTION = {
  find: /^react-router$/,
  replacement: createRequire(import.meta.url)
    .resolve('react-router')
    .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs'),
};

/**
 * What every page's app loads, in fewer files: React, React DOM, its scheduler and React Router in
 * one chunk, and the small modules the app chunk shares with most pages (the content API's paths,
 * the loaders' client, the page view's measurement, the direct calls and their links' attributes)
 * in another. Apart, they were nine files the app chunk imported, each with its own imports, exports and gzip stream: 1.5 KB gzip
 * more of the home page's JavaScript before consent (bench/site.mjs). A grouped module does not pull
 * its own imports in (`includeDependenciesRecursively`): the visitor's session, which the entry
 * needs, stays in the entry, so the entry imports neither group and runs as soon as it arrives.
 */
const EVERY_PAGE_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'shared',
    test: /(packages[\\/]content[\\/]src[\\/](paths|api)|content-client|measurement[\\/](direct-calls|constants|use-page-view|page-data|page-view-gate-context|browser-adapter)|accessibility[\\/]preferences|early-input[\\/]link-call-attributes|engagement-api|format-date)\.ts$/,
  },
];

export default defineConfig(({ isSsrBuild, mode }) => ({
  base: '/',
  plugins: [react(), emptyConfigInDev(), earlyInputCapture()],
  resolve: {
    // Workspace packages export their TypeScript sources under this condition.
    conditions: ['mesura-source', ...defaultClientConditions],
    alias: mode === 'production' ? [REACT_ROUTER_PRODUCTION] : [],
  },
  server: {
    proxy: {
      '/mesura.js': MESURA_SERVER_URL,
      '/mesura-media.js': MESURA_SERVER_URL,
      '/hb': MESURA_SERVER_URL,
      '/b/ss': MESURA_SERVER_URL,
      '/m2': MESURA_SERVER_URL,
      '/api': MESURA_SERVER_URL,
    },
  },
  // The server build (`vite build --ssr src/first-view.tsx`) is one file the Mesura server imports:
  // every dependency inside it, workspace packages from their sources.
  ssr: {
    noExternal: true,
    resolve: { conditions: ['mesura-source', ...defaultServerConditions], externalConditions: ['mesura-source'] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The media and documents are served from dist; the server build needs none of them.
    copyPublicDir: !isSsrBuild,
    // Browsers preload modules themselves (Chromium 66, Firefox 115, Safari 17); an older one ignores
    // the preload links and still loads every module, later. Vite's polyfill for those was 0.2 KB
    // gzip of every page's entry.
    modulePreload: { polyfill: false },
    rollupOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: EVERY_PAGE_GROUPS, includeDependenciesRecursively: false } } },
  },
}));
