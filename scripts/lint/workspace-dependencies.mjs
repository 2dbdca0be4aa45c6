// Every workspace declares what it imports: each bare import in a workspace's files (another
// workspace or an npm package) must be named in that workspace's package.json, in dependencies,
// devDependencies or peerDependencies. Tooling the root declares for everyone (Vitest, fast-check,
// happy-dom, TypeScript, Vite: the root package.json's devDependencies) counts as declared for
// test and configuration files, never for the code under src/. Node's own modules are not
// packages. Prints one line per undeclared import and fails; silent and 0 when all are declared.
// Usage: node scripts/lint/workspace-dependencies.mjs   (part of npm run lint)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_FILE = /\.(ts|tsx|mjs|js|cjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', 'build', 'coverage', 'data', 'out']);
/** `from '…'`, `import '…'`, `import('…')`, `require('…')`, `export … from '…'`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g;
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

/** Whether a file may lean on the root's shared tooling: tests, benchmarks' and e2e's helpers, configuration. */
function isToolingFile(relative) {
  return !relative.split(path.sep).includes('src');
}

function* sourceFiles(dir) {
  // Sorted: the order of a folder's entries is the file system's, and the report's should not be.
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) yield* sourceFiles(path.join(dir, entry.name));
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path.join(dir, entry.name);
  }
}

/** Undeclared imports of one workspace: `{ file, name }` each. */
export function undeclaredImports(workspaceDir, rootTooling) {
  const manifest = readJson(path.join(workspaceDir, 'package.json'));
  const declared = new Set([manifest.name, ...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })]);
  const found = [];
  for (const file of sourceFiles(workspaceDir)) {
    const relative = path.relative(workspaceDir, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const name = packageOf(match[1]);
      if (name === undefined || declared.has(name)) continue;
      if (rootTooling.has(name) && isToolingFile(relative)) continue;
      found.push({ file: path.relative(ROOT, file), name });
    }
  }
  return found;
}

function main() {
  const root = readJson(path.join(ROOT, 'package.json'));
  const rootTooling = new Set(Object.keys(root.devDependencies ?? {}));
  const failures = root.workspaces.flatMap((workspace) => {
    const dir = path.join(ROOT, workspace);
    return statSync(path.join(dir, 'package.json'), { throwIfNoEntry: false }) ? undeclaredImports(dir, rootTooling) : [];
  });
  const seen = new Set();
  for (const { file, name } of failures) {
    const key = `${path.dirname(file)}\u0000${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    console.error(`${file} imports ${name}, which its workspace's package.json does not declare`);
  }
  if (failures.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
