import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types (npm run lint runs it).
import { BROWSER_TYPES, NEIGHBOUR_SOURCES, propertyFindings } from '../../lint/media-bundle-properties.mjs';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A repository with the tracker's sources, every neighbour folder and the browser types, then `files` over them. */
function repository(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-media-properties-'));
  made.push(dir);
  const empty = Object.fromEntries([...NEIGHBOUR_SOURCES.map((folder: string) => [`${folder}/index.ts`, '']), ...BROWSER_TYPES.map((file: string) => [file, ''])]);
  for (const [name, content] of Object.entries({ 'packages/media/src/index.ts': '', ...empty, ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const TRACKER = { 'packages/media/src/tracker-state.ts': 'interface State { pendingBeat?: number; queued: string[]; flush(): void }' };

describe('scripts/lint/media-bundle-properties.mjs', () => {
  it('finds nothing when each name is declared by the tracker and used nowhere else', () => {
    const root = repository({ ...TRACKER, 'apps/site/src/page.tsx': 'const pending = beat.pending; queue.push(x);' });
    expect(propertyFindings(root, ['pendingBeat', 'queued', 'flush'])).toEqual([]);
  });

  it('finds a name the tracker does not declare', () => {
    const root = repository(TRACKER);
    expect(propertyFindings(root, ['missing'])).toEqual([{ name: 'missing', problem: 'is not declared in packages/media/src' }]);
  });

  it('finds each file elsewhere that reads, writes, keys or calls the name', () => {
    const root = repository({
      ...TRACKER,
      'apps/site/src/player.tsx': 'state.pendingBeat = 1;',
      'packages/sdk/src/wire.ts': "const key = 'queued';",
      'packages/analytics/src/send.ts': 'const options = { flush: true };',
      'packages/consent/src/gate.ts': 'gate.flush();',
    });
    expect(propertyFindings(root, ['pendingBeat', 'queued', 'flush'])).toEqual([
      { name: 'pendingBeat', problem: 'is used as a property by', file: 'apps/site/src/player.tsx' },
      { name: 'queued', problem: 'is used as a property by', file: 'packages/sdk/src/wire.ts' },
      { name: 'flush', problem: 'is used as a property by', file: 'packages/analytics/src/send.ts' },
      { name: 'flush', problem: 'is used as a property by', file: 'packages/consent/src/gate.ts' },
    ]);
  });

  it("finds a DOM or ECMAScript name, whose renaming would break the browser's own objects", () => {
    const root = repository({ ...TRACKER, 'node_modules/typescript/lib/lib.dom.d.ts': 'interface HTMLMediaElement { readonly seeking: boolean; }' });
    expect(propertyFindings(root, ['seeking'])).toEqual([
      { name: 'seeking', problem: 'is not declared in packages/media/src' },
      { name: 'seeking', problem: 'is used as a property by', file: 'node_modules/typescript/lib/lib.dom.d.ts' },
    ]);
  });

  it("leaves out the neighbours' tests, builds and the media replay, which are not bundled", () => {
    const root = repository({
      ...TRACKER,
      'apps/site/src/test/player.test.tsx': 'state.pendingBeat = 1;',
      'packages/sdk/src/dist/wire.ts': 'state.pendingBeat = 1;',
      'packages/sdk/src/replay/run.ts': 'state.pendingBeat = 1;',
    });
    expect(propertyFindings(root, ['pendingBeat'])).toEqual([]);
  });

  it('refuses a name that is not a property name instead of reading it as a pattern', () => {
    const root = repository(TRACKER);
    expect(propertyFindings(root, ['a.*'])).toEqual([{ name: 'a.*', problem: 'is not a property name' }]);
  });
});
