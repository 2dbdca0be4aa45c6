// Bundles this package's two browser entry points (esbuild: minified, tree-shaken ESM, workspace
// sources) and prints their raw and gzipped sizes: the client (`createPersonalization`, what a page
// bundles; the exported constants and messages are for integrators' code) and DOMPurify's sanitiser (src/dompurify-sanitizer.ts, `@mesura/personalize/sanitizer`), which the
// client loads as a second bundle. Fails when the client passes its goal, `@mesura/personalize` in the
// repository's bundle-budgets.json.
// The shipped bundles (IIFE, terser) are measured by bench/sdk-size.mjs. Run: node packages/personalize/size.mjs
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { budgetsCheckedBy } from '../../scripts/bundle-budgets.mjs';

/** The client's goal, for the client alone (bundle-budgets.json). */
export const CLIENT_BUDGET_GZIP_BYTES = budgetsCheckedBy('packages/personalize/size.mjs')['@mesura/personalize'];

const here = fileURLToPath(new URL('.', import.meta.url));

async function bundle(contents) {
  const result = await build({
    stdin: { contents, resolveDir: here, loader: 'ts' },
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
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, text: result.outputFiles[0].text };
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
const client = await bundle("export { createPersonalization } from './src/index.ts';");
const sanitizer = await bundle("export { createSanitizer } from './src/dompurify-sanitizer.ts';");

console.log(`client (createPersonalization, esm, minified): ${kb(client.raw)} raw, ${kb(client.gzip)} gzip (budget ${kb(CLIENT_BUDGET_GZIP_BYTES)} gzip)`);
console.log(`sanitiser (createSanitizer, esm, minified):    ${kb(sanitizer.raw)} raw, ${kb(sanitizer.gzip)} gzip (DOMPurify, a bundle of its own)`);
// DOMPurify's own banner names it; the client must never carry it.
if (/DOMPurify|purify/i.test(client.text)) {
  console.error('the client bundle contains DOMPurify: it must stay in the sanitiser bundle');
  process.exit(1);
}
if (client.gzip > CLIENT_BUDGET_GZIP_BYTES) {
  console.error(`the client is over its budget by ${client.gzip - CLIENT_BUDGET_GZIP_BYTES} bytes gzip`);
  process.exit(1);
}
