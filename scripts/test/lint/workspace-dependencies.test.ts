import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types (npm run lint runs it).
import { importFindings, packageOf, typesPackageOf } from '../../lint/workspace-dependencies.mjs';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** An import of `name`, built so that this file's own text holds no import of it (the lint reads every file of the workspace). */
const importOf = (name: string, binding = '{ x }') => ['import ', binding, " from '", name, "';\n"].join('');
/** A relative path up `levels` folders then down `rest`, built apart for the same reason. */
const up = (levels: number, rest: string) => '../'.repeat(levels) + rest;

/** A repository in a temporary folder: its files by path, each package.json given as an object. */
function repository(files: Record<string, string | object>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-workspace-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
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
    const root = repository({
      'package.json': { name: 'root', workspaces: ['example'], devDependencies: { vitest: '4' } },
      'example/package.json': { name: '@mesura/example', dependencies: { fastify: '5' }, devDependencies: { smtp: '1' } },
      'example/src/a.ts': importOf('@mesura/protocol') + importOf('fastify', 'fastify') + importOf('node:fs') + importOf('@mesura/example/b') + importOf('./c.js'),
      'example/src/uses-vitest.ts': importOf('vitest'),
      'example/test/a.test.ts': importOf('vitest') + importOf('undeclared-lib'),
    });
    expect(importFindings(root)).toEqual([
      `${path.join('example', 'src', 'a.ts')} imports @mesura/protocol, which ${path.join('example', 'package.json')} does not declare`,
      `${path.join('example', 'src', 'uses-vitest.ts')} imports vitest, which ${path.join('example', 'package.json')} does not declare`,
      `${path.join('example', 'test', 'a.test.ts')} imports undeclared-lib, which ${path.join('example', 'package.json')} does not declare`,
    ]);
  });

  it('counts a DefinitelyTyped package as declaring the name it types', () => {
    expect(typesPackageOf('geojson')).toBe('@types/geojson');
    expect(typesPackageOf('@turf/helpers')).toBe('@types/turf__helpers');
    const root = repository({
      'package.json': { name: 'root', workspaces: ['example'] },
      'example/package.json': { name: '@mesura/example', devDependencies: { '@types/geojson': '7' } },
      'example/src/a.ts': importOf('geojson', 'type { Feature }') + importOf('topojson-specification', 'type { Topology }'),
    });
    expect(importFindings(root)).toEqual([`${path.join('example', 'src', 'a.ts')} imports topojson-specification, which ${path.join('example', 'package.json')} does not declare`]);
  });

  it("finds a relative path into another workspace's folder, from a workspace or from the root's scripts", () => {
    const root = repository({
      'package.json': { name: 'root', workspaces: ['packages/protocol', 'bench'], dependencies: { '@mesura/protocol': '0.1.0' } },
      'packages/protocol/package.json': { name: '@mesura/protocol' },
      'packages/protocol/src/index.ts': importOf('./wire.js') + importOf(up(1, 'test/helpers/beacons.js')),
      'bench/package.json': { name: '@mesura/bench', devDependencies: { '@mesura/protocol': '0.1.0' } },
      'bench/ingest.mjs': importOf('@mesura/protocol') + importOf('./server-process.mjs') + importOf(up(1, 'packages/protocol/dist/index.js')),
      'scripts/demo/demo.mjs': importOf('@mesura/protocol') + importOf(up(1, 'seeded.mjs')) + importOf(up(2, 'bench/server-process.mjs')),
    });
    expect(importFindings(root)).toEqual([
      `${path.join('scripts', 'demo', 'demo.mjs')} reaches into bench by a relative path (../../bench/server-process.mjs): import its package entry`,
      `${path.join('bench', 'ingest.mjs')} reaches into packages/protocol by a relative path (../packages/protocol/dist/index.js): import its package entry`,
    ]);
  });

  it("lets a workspace reach the root's own files, and leaves a package installed apart to its own manifest", () => {
    const root = repository({
      'package.json': { name: 'root', workspaces: ['packages/media'], dependencies: { '@mesura/server': '0.1.0' } },
      'scripts/bundle-budgets.mjs': importOf('@mesura/server'),
      'scripts/services/adapter/package.json': { name: 'adapter', dependencies: { chdb: '3' } },
      'scripts/services/adapter/main.mjs': importOf('chdb'),
      'packages/media/package.json': { name: '@mesura/media' },
      'packages/media/size.mjs': importOf(up(2, 'scripts/bundle-budgets.mjs')),
    });
    expect(importFindings(root)).toEqual([]);
  });

  it('reports the root package as the workspace of its own scripts', () => {
    const root = repository({
      'package.json': { name: 'root', workspaces: [], devDependencies: { vitest: '4' } },
      'scripts/screenshots.mjs': importOf('playwright-core') + importOf('vitest'),
      'vitest.config.ts': importOf('vitest/config'),
    });
    expect(importFindings(root)).toEqual([`${path.join('scripts', 'screenshots.mjs')} imports playwright-core, which package.json does not declare`]);
  });
});
