// Reads bundle-budgets.json, the one statement of every browser bundle's gzip budget, for the size
// checks that name themselves in its `checkedBy` fields (bench/sdk-size.mjs, packages/media/size.mjs,
// packages/personalize/size.mjs).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BUDGETS_FILE = fileURLToPath(new URL('../bundle-budgets.json', import.meta.url));

/** Every bundle's entry: name → { gzipBytes, checkedBy, why }. Throws on a malformed entry. */
export function readBundleBudgets(file = BUDGETS_FILE) {
  const { bundles } = JSON.parse(readFileSync(file, 'utf8'));
  for (const [name, entry] of Object.entries(bundles)) {
    if (!Number.isInteger(entry.gzipBytes) || entry.gzipBytes <= 0) {
      throw new Error(`bundle-budgets.json: ${name} needs gzipBytes, a positive whole number`);
    }
    if (typeof entry.checkedBy !== 'string' || typeof entry.why !== 'string' || entry.why === '') {
      throw new Error(`bundle-budgets.json: ${name} needs checkedBy and why`);
    }
  }
  return bundles;
}

/** name → gzip bytes of the bundles one check (a path from the repository root) measures. */
export function budgetsCheckedBy(checker, file = BUDGETS_FILE) {
  const budgets = Object.fromEntries(
    Object.entries(readBundleBudgets(file))
      .filter(([, entry]) => entry.checkedBy === checker)
      .map(([name, entry]) => [name, entry.gzipBytes]),
  );
  if (Object.keys(budgets).length === 0) throw new Error(`bundle-budgets.json names no bundle checked by ${checker}`);
  return budgets;
}
