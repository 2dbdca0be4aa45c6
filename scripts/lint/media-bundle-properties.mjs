// The media bundle's shortened properties (MEDIA_STATE_PROPERTIES in packages/sdk/bundle-options.mjs)
// are the tracker's own. terser renames them in /mesura-media.js, so a name that a page, the wire,
// /mesura.js or the browser reads would break without a word. Each must be declared in
// packages/media/src (`name:`, `name?:` or `name(`) and used as a property nowhere the bundle meets:
// no other browser package, no page of apps/site, no DOM or ECMAScript type. Tests, builds and the
// media replay are left out: they are not bundled with the tracker.
// Prints one line per finding and fails; silent and 0 when there is none.
// Usage: node scripts/lint/media-bundle-properties.mjs   (part of npm run lint)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_STATE_PROPERTIES } from '@mesura/sdk/bundle-options';

/** Where the tracker's own state is declared. */
export const TRACKER_SOURCES = 'packages/media/src';
/** The code and pages the media bundle meets: what calls it, what it calls, what it is bundled with. */
export const NEIGHBOUR_SOURCES = [
  'packages/protocol/src',
  'packages/sdk/src',
  'packages/analytics/src',
  'packages/identity/src',
  'packages/consent/src',
  'packages/datalayer/src',
  'packages/site-property/src',
  'apps/site/src',
];
/** The browser's own names, as TypeScript knows them. */
export const BROWSER_TYPES = ['lib.dom.d.ts', 'lib.es5.d.ts', 'lib.es2015.core.d.ts'].map((file) => path.join('node_modules/typescript/lib', file));

const LEFT_OUT = /[/\\](node_modules|dist|test|replay)[/\\]/;

/** Each .ts/.tsx file under `dir` (relative to `root`) with its text, tests, builds and the replay left out. */
function sources(root, dir) {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !LEFT_OUT.test(`${path.sep}${file}`))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}

/** `x.name`, `name:`/`name?:` (a key or a declaration), `'name'` and `name(` (a method). */
const asProperty = (name) => new RegExp(`\\.${name}\\b|\\b${name}\\??:|['"\`]${name}['"\`]|\\b${name}\\(`);
const asDeclaration = (name) => new RegExp(`\\b${name}(\\??:|\\()`);

/**
 * The findings for `properties` in the repository at `root`: `{ name, problem }` where a name is not
 * declared by the tracker, and `{ name, problem, file }` for each file elsewhere that uses it.
 */
export function propertyFindings(root, properties) {
  const tracker = sources(root, TRACKER_SOURCES);
  const elsewhere = [...NEIGHBOUR_SOURCES.flatMap((dir) => sources(root, dir)), ...BROWSER_TYPES.map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }))];
  const found = [];
  for (const name of properties) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) {
      found.push({ name, problem: 'is not a property name' });
      continue;
    }
    if (!tracker.some(({ text }) => asDeclaration(name).test(text))) found.push({ name, problem: `is not declared in ${TRACKER_SOURCES}` });
    for (const { file, text } of elsewhere) if (asProperty(name).test(text)) found.push({ name, problem: 'is used as a property by', file });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const found = propertyFindings(root, MEDIA_STATE_PROPERTIES);
  for (const { name, problem, file } of found)
    console.error(`media bundle property '${name}' ${problem}${file ? ` ${file}` : ''}: terser renames it in /mesura-media.js (packages/sdk/bundle-options.mjs MEDIA_STATE_PROPERTIES)`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
