// One browser entry bundled and minified exactly as packages/sdk/build.mjs bundles Mesura's (esbuild
// resolves and tree-shakes into an es2020 IIFE, terser minifies), then gzipped at the level
// bench/sdk-size.mjs measures the SDK's budgets with. bench/peers.mjs checks that these settings
// still rebuild packages/sdk/dist/mesura.js byte for byte, so a change to build.mjs cannot go unseen.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { minify } from 'terser';

/** bench/sdk-size.mjs's level (zlib's best). */
export const GZIP_LEVEL = 9;

/** esbuild's options of packages/sdk/build.mjs, with `metafile` so that bytes can be traced to modules. */
export const ESBUILD_OPTIONS = {
  bundle: true,
  write: false,
  metafile: true,
  minifySyntax: true,
  format: 'iife',
  target: ['es2020'],
  platform: 'browser',
  conditions: ['mesura-source'],
  legalComments: 'none',
  logLevel: 'warning',
};

/** terser's options of packages/sdk/build.mjs. */
const TERSER_OPTIONS = {
  ecma: 2020,
  toplevel: true,
  compress: { passes: 3, pure_getters: true, unsafe_arrows: true },
  mangle: { toplevel: true },
  format: { comments: false },
};

/**
 * A production build: without this esbuild defines `process.env.NODE_ENV` as "development" (it
 * picks "production" only when every minify option is on, and build.mjs leaves the rest to
 * terser), which would keep GrowthBook's debug logging in its bundle. Mesura's own sources never
 * read it (its rebuild check would fail if they started to).
 */
export const PRODUCTION_DEFINE = { 'process.env.NODE_ENV': '"production"' };

export const gzipBytes = (source) => gzipSync(source, { level: GZIP_LEVEL }).length;

/**
 * Bundles `entry` (resolved from `workingDir`) and minifies it: `{ code, metafile }`, the metafile
 * being esbuild's (its byte counts are before terser).
 */
export async function bundleEntry(entry, { workingDir, define = PRODUCTION_DEFINE }) {
  const result = await build({ ...ESBUILD_OPTIONS, entryPoints: [entry], absWorkingDir: workingDir, define });
  const minified = await minify(result.outputFiles[0].text, TERSER_OPTIONS);
  return { code: minified.code, metafile: result.metafile };
}
