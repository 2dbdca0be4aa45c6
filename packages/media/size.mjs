// The media tracker's browser size: src/index.ts bundled the way packages/sdk's
// build.mjs bundles the browser entry points (esbuild with the `mesura-source` condition for the
// browser, terser to minify), gzipped. Fails past its budget, `@mesura/media` in the repository's
// bundle-budgets.json. Also printed, not budgeted: the optional `@mesura/media/analytics`
// adapter, which builds the start hits' context data for the page's analytics to send.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { minify } from 'terser';
import { budgetsCheckedBy } from '../../scripts/bundle-budgets.mjs';

const BUDGET_GZIP_BYTES = budgetsCheckedBy('packages/media/size.mjs')['@mesura/media'];

/** Minified and gzipped bytes of a bundle of `entries` (an entry file's exports are all kept). */
async function measure(source) {
  const result = await build({
    stdin: { contents: source, resolveDir: new URL('.', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    write: false,
    minifySyntax: true,
    format: 'esm',
    target: ['es2022'],
    platform: 'browser',
    conditions: ['mesura-source'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  const { code } = await minify(result.outputFiles[0].text, {
    ecma: 2020,
    module: true,
    toplevel: true,
    compress: { passes: 2, pure_getters: true, unsafe_arrows: true },
    mangle: { toplevel: true },
    format: { comments: false },
  });
  return { rawBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
}

const core = await measure("export * from './src/index.ts';");
const withAdapter = await measure("export * from './src/index.ts'; export * from './src/media-analytics.ts';");
console.log(`@mesura/media: ${core.rawBytes} B minified, ${core.gzipBytes} B gzip (budget ${BUDGET_GZIP_BYTES} B)`);
console.log(`  with @mesura/media/analytics: ${withAdapter.rawBytes} B minified, ${withAdapter.gzipBytes} B gzip`);
if (core.gzipBytes > BUDGET_GZIP_BYTES) {
  console.error(`@mesura/media is over its budget by ${core.gzipBytes - BUDGET_GZIP_BYTES} B gzip`);
  process.exitCode = 1;
}
