import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types (npm run lint runs it).
import { sqlFindings, stringLiterals } from '../../lint/sql-outside-store.mjs';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A repository holding `files` under its root. */
function repository(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-sql-place-'));
  made.push(dir);
  for (const [name, content] of Object.entries({ 'server/src/index.ts': '', ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('scripts/lint/sql-outside-store.mjs', () => {
  it('finds SQL in a string or a template outside store/, with its file, line and shape', () => {
    const root = repository({
      'server/src/move/copy.ts': [
        'const table = "hits";',
        "const sql = 'SELECT id FROM users';",
        'export const insert = (n: number) =>',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text of a fixture, whose template the lint reads.
        '  `INSERT INTO ${table} VALUES (${n})`;',
        'const top = `SELECT page, count(*) AS n',
        '  FROM hits GROUP BY page`;',
      ].join('\n'),
      'server/src/observe/memory.ts': 'export const Q = { duckdb: "CREATE TABLE t (x INTEGER)" };\n',
    });
    expect(sqlFindings(root)).toEqual([
      { file: 'server/src/move/copy.ts', line: 2, shape: 'SELECT … FROM' },
      { file: 'server/src/move/copy.ts', line: 4, shape: 'INSERT INTO' },
      { file: 'server/src/move/copy.ts', line: 5, shape: 'SELECT … FROM' },
      { file: 'server/src/observe/memory.ts', line: 1, shape: 'CREATE TABLE' },
    ]);
  });

  it('prints one line per finding and exits 1, or nothing and 0', () => {
    const script = path.resolve(import.meta.dirname, '../../lint/sql-outside-store.mjs');
    const flagged = spawnSync(process.execPath, [script, repository({ 'server/src/live/now.ts': "\nconst sql = 'DELETE FROM hits';\n" })], { encoding: 'utf8' });
    expect(flagged.status).toBe(1);
    expect(flagged.stderr).toBe('server/src/live/now.ts:2: SQL text (DELETE FROM) outside server/src/store/: write it in a store/ file and import it (docs/architecture.md, "Where SQL lives")\n');
    const clean = spawnSync(process.execPath, [script, repository({ 'server/src/live/now.ts': "const help = 'delete from the list';\n" })], { encoding: 'utf8' });
    expect([clean.status, clean.stderr]).toEqual([0, '']);
  });

  it('takes prose for prose: lower-case words, keywords alone, comments', () => {
    const root = repository({
      'server/src/reports/labels.ts': [
        "const help = 'select a value from the list, then order by date';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text of a fixture, whose template the lint reads.
        'const hint = `Select a value from the ${"list"}; insert into a group by hand`;',
        "const why = 'the report is built on the SELECT of the store';",
        '// SELECT id FROM users: the comment names the statement the store runs',
        '/* INSERT INTO hits */',
        "const half = 10 / 2; const re = /'SELECT x FROM y'/;",
      ].join('\n'),
    });
    expect(sqlFindings(root)).toEqual([]);
  });

  it('leaves server/src/store/ alone: SQL lives there', () => {
    const root = repository({ 'server/src/store/queries/pages.ts': "export const PAGES = 'SELECT page FROM hits ORDER BY page';\n" });
    expect(sqlFindings(root)).toEqual([]);
  });

  it("reads a template's parts and the strings inside its placeholders", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text of a fixture, whose template the lint reads.
    expect(stringLiterals("const a = `x ${f('DELETE FROM t', { b: 1 })} y`;")).toEqual([
      { line: 1, text: 'DELETE FROM t' },
      { line: 1, text: 'x … y' },
    ]);
  });
});
