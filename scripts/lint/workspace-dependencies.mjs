// What a workspace imports is declared and goes through package entries. Each bare import in a
// workspace's files (another workspace or an npm package) must be named in that workspace's
// package.json, in dependencies, devDependencies or peerDependencies; and a relative import may not
// reach into another workspace's folder (its dist/, src/ or test/ files), only its package entry
// (`@mesura/<name>` and its `exports` subpaths) may, so that a workspace's exports are all that
// others lean on. The root package (its files outside every workspace folder: scripts/, the root's
// configuration) is checked as one more workspace whose manifest is the root package.json. A
// workspace may still reach the root's files by a relative path: the root package is not installed
// under node_modules, so no name reaches it, and its scripts/ are the repository's shared tooling
// (the bundle budgets, the loopback cluster's processes, this lint). Tooling the root declares for
// everyone (its devDependencies: Vitest, fast-check, TypeScript…) counts as declared for test and
// configuration files, never for the code under src/; what the root's own scripts import goes in
// its dependencies, which lend nothing to the workspaces. Node's own modules are not packages.
// A package of types alone (`@types/geojson`) declares the name it types (`geojson`).
// Prints one line per finding and fails; silent and 0 when there is none.
// Usage: node scripts/lint/workspace-dependencies.mjs   (part of npm run lint)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const SOURCE_FILE = /\.(ts|tsx|mjs|js|cjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', 'build', 'coverage', 'data', 'out']);
/** `from '…'`, `import '…'`, `import('…')`, `require('…')`, `export … from '…'`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g;
const RELATIVE = /^\.\.?\//;
const NODE_BUILTINS = new Set(builtinModules);
/** What a package specifier looks like: the regular expression above also meets `from ', '` in code and text. */
const PACKAGE_SPECIFIER = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.@/-]*)?$/i;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The package an import specifier names, or undefined for a relative path, a URL or Node's own. */
export function packageOf(specifier) {
  if (!PACKAGE_SPECIFIER.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return NODE_BUILTINS.has(name) ? undefined : name;
}

/**
 * The DefinitelyTyped package that types `name` (`geojson` → `@types/geojson`, `@scope/x` →
 * `@types/scope__x`): a package of types alone is imported by the name it types.
 */
export function typesPackageOf(name) {
  return `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
}

/** Whether a file may lean on the root's shared tooling: tests, benchmarks' and e2e's helpers, configuration. */
function isToolingFile(relative) {
  return !relative.split(path.sep).includes('src');
}

/**
 * A package's source files. A folder with a package.json of its own is another package's (a
 * workspace, when `dir` is the root; or one installed apart, as scripts/services/chdb-server), not these.
 */
function* sourceFiles(dir) {
  // Sorted: the order of a folder's entries is the file system's, and the report's should not be.
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.') && !existsSync(path.join(full, 'package.json'))) yield* sourceFiles(full);
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The workspace folder a path lies in, or `root` for the root package's own files (and anything outside). */
const ownerOf = (file, root, workspaces) => workspaces.find((dir) => file === dir || file.startsWith(dir + path.sep)) ?? root;

/** One package's findings: `{ file, name }` for an undeclared import, `{ file, reaches, specifier }` for a relative path into another workspace. */
function packageFindings(dir, root, workspaces, rootTooling) {
  const manifest = readJson(path.join(dir, 'package.json'));
  const declared = new Set([manifest.name, ...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })]);
  const found = [];
  for (const file of sourceFiles(dir)) {
    const shown = path.relative(root, file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (RELATIVE.test(specifier)) {
        const owner = ownerOf(path.resolve(path.dirname(file), specifier), root, workspaces);
        if (owner !== dir && owner !== root) found.push({ file: shown, reaches: path.relative(root, owner), specifier });
        continue;
      }
      const name = packageOf(specifier);
      if (name === undefined || declared.has(name) || declared.has(typesPackageOf(name))) continue;
      if (rootTooling.has(name) && isToolingFile(path.relative(dir, file))) continue;
      found.push({ file: shown, name, manifest: path.relative(root, path.join(dir, 'package.json')) });
    }
  }
  return found;
}

/** Every finding of the repository at `root`, one report line each (an undeclared package once per folder). */
export function importFindings(root) {
  const manifest = readJson(path.join(root, 'package.json'));
  const rootTooling = new Set(Object.keys(manifest.devDependencies ?? {}));
  const workspaces = (manifest.workspaces ?? []).map((workspace) => path.join(root, workspace)).filter((dir) => existsSync(path.join(dir, 'package.json')));
  const seen = new Set();
  const lines = [];
  for (const finding of [root, ...workspaces].flatMap((dir) => packageFindings(dir, root, workspaces, rootTooling))) {
    if (finding.reaches !== undefined) {
      lines.push(`${finding.file} reaches into ${finding.reaches} by a relative path (${finding.specifier}): import its package entry`);
      continue;
    }
    const key = `${path.dirname(finding.file)}\u0000${finding.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`${finding.file} imports ${finding.name}, which ${finding.manifest} does not declare`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = importFindings(path.resolve(import.meta.dirname, '../..'));
  for (const line of lines) console.error(line);
  if (lines.length > 0) process.exitCode = 1;
}
