// One browser entry bundled and minified exactly as packages/sdk/build.mjs bundles Mesura's
// (packages/sdk/bundle-options.mjs), then gzipped at the level
// bench/sdk-size.mjs measures the SDK's budgets with. bench/peers.mjs checks that these settings
// still rebuild packages/sdk/dist/mesura.js byte for byte, so a change to build.mjs cannot go unseen.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { minify } from 'terser';
import { BUNDLES, ESBUILD_OPTIONS as SDK_ESBUILD_OPTIONS, TERSER_OPTIONS } from '@mesura/sdk/bundle-options';

/** bench/sdk-size.mjs's level (zlib's best). */
export const GZIP_LEVEL = 9;

/** packages/sdk's esbuild options, with `metafile` so that bytes can be traced to modules. */
export const ESBUILD_OPTIONS = { ...SDK_ESBUILD_OPTIONS, metafile: true };

/**
 * A production build: without this esbuild defines `process.env.NODE_ENV` as "development" (it
 * picks "production" only when every minify option is on, and build.mjs leaves the rest to
 * terser), which would keep GrowthBook's debug logging in its bundle. Mesura's own sources never
 * read it (its rebuild check would fail if they started to).
 */
export const PRODUCTION_DEFINE = { 'process.env.NODE_ENV': '"production"' };

export const gzipBytes = (source) => gzipSync(source, { level: GZIP_LEVEL }).length;

/**
 * terser's options for a file of packages/sdk/dist (`mesura.js`): its own where build.mjs gives it
 * some (/mesura.js and /mesura-media.js shorten their internal property names), the shared ones
 * otherwise, as for every peer.
 */
export function terserOptionsOf(file) {
  return BUNDLES.find((bundle) => bundle.file === `dist/${file}`)?.terser ?? TERSER_OPTIONS;
}

/**
 * Bundles `entry` (resolved from `workingDir`) and minifies it with `terser`'s options: `{ code,
 * metafile }`, the metafile being esbuild's (its byte counts are before terser).
 */
export async function bundleEntry(entry, { workingDir, define = PRODUCTION_DEFINE, terser = TERSER_OPTIONS }) {
  const result = await build({ ...ESBUILD_OPTIONS, entryPoints: [entry], absWorkingDir: workingDir, define });
  const minified = await minify(result.outputFiles[0].text, terser);
  return { code: minified.code, metafile: result.metafile };
}
