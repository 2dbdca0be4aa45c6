// Where a Mesura bundle's bytes go, by package and by module. terser's output keeps no trace of the
// modules, so the shares come from esbuild's metafile of the same build minified by esbuild alone
// (its bytes per module, whitespace and names already minified; its total is within a few percent
// of terser's), and each share of the gzipped file is estimated in proportion.
import { build } from 'esbuild';
import { ESBUILD_OPTIONS, PRODUCTION_DEFINE } from './bundle.mjs';

/** How many of a bundle's largest modules are listed under its packages. */
export const TOP_MODULES = 5;

/**
 * The package an esbuild input path belongs to: `@mesura/<name>` for a workspace package's
 * sources (`src/…` being packages/sdk's own), the npm name for anything under node_modules.
 */
export function packageOf(input) {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (dependency) return dependency[1];
  const workspace = /^\.\.\/([^/]+)\/src\//.exec(input);
  if (workspace) return `@mesura/${workspace[1]}`;
  if (input.startsWith('src/')) return '@mesura/sdk';
  return input;
}

/** `[input, bytes]` of each module of `entry`'s bundle, largest first (bytes in esbuild's minified output). */
export async function moduleBytes(entry, workingDir) {
  const result = await build({ ...ESBUILD_OPTIONS, minify: true, entryPoints: [entry], absWorkingDir: workingDir, define: PRODUCTION_DEFINE });
  const [output] = Object.values(result.metafile.outputs);
  return Object.entries(output.inputs)
    .map(([input, { bytesInOutput }]) => [input, bytesInOutput])
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** An input path as the repository names it (esbuild's are relative to packages/sdk). */
const repositoryPath = (input) =>
  input
    .replace(/^\.\.\/\.\.\//, '')
    .replace(/^\.\.\//, 'packages/')
    .replace(/^src\//, 'packages/sdk/src/');

/** `[name, bytes]` per package, largest first. */
export function byPackage(modules) {
  const totals = new Map();
  for (const [input, bytes] of modules) totals.set(packageOf(input), (totals.get(packageOf(input)) ?? 0) + bytes);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** Lines for one bundle: each package's share and estimated gzip bytes, then its largest modules. */
export function formatBreakdown(file, gzip, modules) {
  const total = modules.reduce((sum, [, bytes]) => sum + bytes, 0);
  const line = (name, bytes) => `  ${name.padEnd(54)}${String(bytes).padStart(7)} B ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ≈ ${((gzip * bytes) / total / 1024).toFixed(2)} KB gzip`;
  return [
    `${file} (${(gzip / 1024).toFixed(2)} KB gzip; ${total} B minified by esbuild)`,
    ...byPackage(modules).map(([name, bytes]) => line(name, bytes)),
    `  largest modules:`,
    ...modules.slice(0, TOP_MODULES).map(([input, bytes]) => line(`  ${repositoryPath(input)}`, bytes)),
  ];
}
