// Prints the SDK bundle's raw and gzipped size and fails past its budget (checked by every build).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** Budget for /mesura.js, gzipped. Raise it only with a reason in the commit message. */
export const SDK_BUDGET_GZIP_BYTES = 12 * 1024;

const file = fileURLToPath(new URL('../packages/sdk/dist/mesura.js', import.meta.url));
const source = readFileSync(file);
const gzipped = gzipSync(source, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(2);
console.log(`mesura.js: ${kb(source.length)} KB raw, ${kb(gzipped)} KB gzip (budget ${kb(SDK_BUDGET_GZIP_BYTES)} KB gzip)`);
if (gzipped > SDK_BUDGET_GZIP_BYTES) {
  console.error(`mesura.js is over its budget by ${gzipped - SDK_BUDGET_GZIP_BYTES} bytes gzip`);
  process.exit(1);
}
