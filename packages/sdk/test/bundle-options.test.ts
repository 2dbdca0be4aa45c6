/**
 * The media bundle's shortened properties (bundle-options.mjs MEDIA_STATE_PROPERTIES) are the
 * tracker's own: declared in packages/media/src, and read or written by name nowhere a page, the
 * wire, /mesura.js or the browser could see them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_STATE_PROPERTIES } from '../bundle-options.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The text of every .ts/.tsx file under `dir`, tests, builds and the media replay left out. */
function sources(dir: string): string {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/[/\\](node_modules|dist|test|replay)[/\\]/.test(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** The code and pages the media bundle meets: what calls it, what it calls, what it is bundled with. */
const ELSEWHERE = [
  'packages/protocol/src',
  'packages/sdk/src',
  'packages/analytics/src',
  'packages/identity/src',
  'packages/consent/src',
  'packages/datalayer/src',
  'packages/site-property/src',
  'apps/site/src',
]
  .map(sources)
  .join('\n');
const BROWSER_TYPES = ['lib.dom.d.ts', 'lib.es5.d.ts', 'lib.es2015.core.d.ts'].map((file) => readFileSync(path.join(ROOT, 'node_modules/typescript/lib', file), 'utf8')).join('\n');
const MEDIA = sources('packages/media/src');

/** `x.name`, `name:`/`name?:` (a key or a declaration), `'name'` and `name(` (a method). */
const asProperty = (name: string) => new RegExp(`\\.${name}\\b|\\b${name}\\??:|['"\`]${name}['"\`]|\\b${name}\\(`);

describe("the media bundle shortens only the tracker's own properties", () => {
  it.each(MEDIA_STATE_PROPERTIES)('%s is declared in packages/media/src and used as a property nowhere else', (name) => {
    expect(MEDIA, 'declared by the tracker').toMatch(new RegExp(`\\b${name}(\\??:|\\()`));
    expect(ELSEWHERE, 'used by other code or pages').not.toMatch(asProperty(name));
    expect(BROWSER_TYPES, 'a DOM or ECMAScript name').not.toMatch(asProperty(name));
  });
});
