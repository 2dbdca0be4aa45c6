// Bundles src/index.ts for the browser (esbuild: minified, tree-shaken ESM, workspace sources) and
// prints its raw and gzipped size with DOMPurify's share. Fails past the budget (issue 7 item 15:
// goal ≤ 8 KB gzip, DOMPurify included). Run: node packages/personalize/size.mjs
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Issue 7 item 15. Raise it only with a reason in the commit message. */
export const BUDGET_GZIP_BYTES = 8 * 1024;

const here = fileURLToPath(new URL('.', import.meta.url));

async function bundle(entry, contents, external = []) {
  const result = await build({
    external,
    ...(contents ? { stdin: { contents, resolveDir: here, loader: 'ts' } } : { entryPoints: [entry] }),
    absWorkingDir: here,
    bundle: true,
    write: false,
    minify: true,
    treeShaking: true,
    format: 'esm',
    target: ['es2020'],
    platform: 'browser',
    conditions: ['mesura-source'],
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, metafile: result.metafile };
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
const whole = await bundle('src/index.ts');
// DOMPurify alone, as this client uses it (its factory); the rest is this package and protocol.
const purify = await bundle(undefined, "import createDOMPurify from 'dompurify'; export default createDOMPurify;");
// The same bundle with DOMPurify left out: this package and the parts of @mesura/protocol it uses.
const own = await bundle('src/index.ts', undefined, ['dompurify']);

console.log(`@mesura/personalize (src/index.ts, esm, minified): ${kb(whole.raw)} raw, ${kb(whole.gzip)} gzip (budget ${kb(BUDGET_GZIP_BYTES)} gzip)`);
console.log(`  DOMPurify alone:         ${kb(purify.raw)} raw, ${kb(purify.gzip)} gzip (${Math.round((100 * purify.gzip) / whole.gzip)}% of the gzip total)`);
console.log(`  without DOMPurify:       ${kb(own.raw)} raw, ${kb(own.gzip)} gzip (the client and the protocol it uses)`);
if (whole.gzip > BUDGET_GZIP_BYTES) {
  console.error(`@mesura/personalize is over its budget by ${whole.gzip - BUDGET_GZIP_BYTES} bytes gzip`);
  process.exit(1);
}
