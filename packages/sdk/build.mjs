// Bundles src/browser.ts into dist/mesura.js for the browser: no framework, no Node modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/browser.ts'],
  outfile: 'dist/mesura.js',
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  platform: 'browser',
  conditions: ['mesura-source'],
  legalComments: 'none',
  logLevel: 'warning',
});
