// Prints which workspace or server folder imports which, with the number of import lines: the
// drawing of docs/architecture.md ("Layers") is made from this. Reads `import … from '…'`,
// `export … from '…'` and `import('…')` in packages/*/src, apps/*/src and server/src; a server file
// is counted under its first folder (server/src/ingest/steps/x.ts is server/ingest), a file at the
// top of server/src under server/(root). Run: node scripts/docs/import-layers.mjs
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') sourceFiles(file, out);
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

/** The layer a file belongs to, or undefined outside the sources. */
function layerOf(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  const inServer = relative.match(/^server\/src\/([^/]+)\//);
  if (inServer) return `server/${inServer[1]}`;
  if (relative.startsWith('server/src/')) return 'server/(root)';
  const inWorkspace = relative.match(/^(packages|apps)\/([^/]+)\/src\//);
  return inWorkspace ? `${inWorkspace[1]}/${inWorkspace[2]}` : undefined;
}

function layerOfSpecifier(from, specifier) {
  if (specifier.startsWith('.')) return layerOf(path.resolve(path.dirname(from), specifier));
  if (!specifier.startsWith('@mesura/')) return undefined;
  const name = specifier.split('/')[1];
  if (name === 'server') return 'server/(index)';
  return ['site', 'console'].includes(name) ? `apps/${name}` : `packages/${name}`;
}

const files = [
  ...sourceFiles(path.join(root, 'server/src')),
  ...readdirSync(path.join(root, 'packages')).flatMap((p) => sourceFiles(path.join(root, 'packages', p, 'src'))),
  ...readdirSync(path.join(root, 'apps')).flatMap((a) => sourceFiles(path.join(root, 'apps', a, 'src'))),
];
const edges = new Map();
for (const file of files) {
  const from = layerOf(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const to = layerOfSpecifier(file, match[1] ?? match[2]);
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}
for (const [edge, count] of [...edges].sort(([a], [b]) => a.localeCompare(b))) console.log(`${edge} (${count})`);
