// Prints each browser bundle's raw and gzipped size and fails past its budget (run by every SDK build).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { budgetsCheckedBy } from '../scripts/bundle-budgets.mjs';

/** Budgets, gzipped: bundle-budgets.json at the repository root, with each one's reason. */
export const BUDGETS_GZIP_BYTES = budgetsCheckedBy('bench/sdk-size.mjs');

const kb = (n) => (n / 1024).toFixed(2);
let over = false;
for (const [name, budget] of Object.entries(BUDGETS_GZIP_BYTES)) {
  const source = readFileSync(fileURLToPath(new URL(`../packages/sdk/dist/${name}`, import.meta.url)));
  const gzipped = gzipSync(source, { level: 9 }).length;
  console.log(`${name}: ${kb(source.length)} KB raw, ${kb(gzipped)} KB gzip (budget ${kb(budget)} KB gzip)`);
  if (gzipped > budget) {
    console.error(`${name} is over its budget by ${gzipped - budget} bytes gzip`);
    over = true;
  }
}
if (over) process.exit(1);
