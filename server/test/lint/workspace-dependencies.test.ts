import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types (npm run lint runs it).
import { packageOf, undeclaredImports } from '../../../scripts/lint/workspace-dependencies.mjs';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** An import of `name`, built so that this file's own text holds no import of it (the lint reads every file of the workspace). */
const importOf = (name: string, binding = '{ x }') => ['import ', binding, " from '", name, "';\n"].join('');

function workspace(manifest: object, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-workspace-'));
  made.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('scripts/lint/workspace-dependencies.mjs', () => {
  it('names the package of a bare import, and nothing for a relative path, a URL or a Node module', () => {
    expect(packageOf('@mesura/protocol')).toBe('@mesura/protocol');
    expect(packageOf('@duckdb/node-api/lib/index.js')).toBe('@duckdb/node-api');
    expect(packageOf('fastify/types')).toBe('fastify');
    expect(packageOf('./local.js')).toBeUndefined();
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('fs')).toBeUndefined();
    expect(packageOf(', ')).toBeUndefined();
  });

  it('finds an import its package.json does not declare, and lets tests use the root tooling', () => {
    const dir = workspace(
      { name: '@mesura/example', dependencies: { fastify: '5' }, devDependencies: { smtp: '1' } },
      {
        'src/a.ts': importOf('@mesura/protocol') + importOf('fastify', 'fastify') + importOf('node:fs') + importOf('@mesura/example/b') + importOf('./c.js'),
        'src/uses-vitest.ts': "import { it } from 'vitest';\n",
        'test/a.test.ts': importOf('vitest') + importOf('undeclared-lib'),
      },
    );
    const found = undeclaredImports(dir, new Set(['vitest']));
    expect(found.map((f: { file: string; name: string }) => [path.basename(f.file), f.name])).toEqual([
      ['a.ts', '@mesura/protocol'],
      ['uses-vitest.ts', 'vitest'],
      ['a.test.ts', 'undeclared-lib'],
    ]);
  });
});
