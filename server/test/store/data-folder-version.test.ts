import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OperatorError } from '../../src/operator-error.js';
import { DATA_FOLDER_VERSION, DATA_FOLDER_VERSION_FILE, dataFolderVersion } from '../../src/store/data-folder-version.js';
import { openDuckDbStore, DUCKDB_FILE_NAME } from '../../src/store/duckdb/duckdb-store.js';
import { EVENTS_FILE_MIGRATIONS } from '../../src/store/duckdb/events-file-migrations.js';
import { CONTENT_FILE_MIGRATIONS, ENGAGEMENT_FILE_MIGRATIONS, VISITORS_FILE_MIGRATIONS } from '../../src/store/duckdb/metadata-file-migrations.js';
import { countOf, startOnFolder, withDuckDbFile } from '../helpers/data-folder-server.js';

let dataDir = '';

afterEach(() => {
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
  dataDir = '';
});

const newFolder = () => (dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-version-')));

/** Every file under the folder with its size, modification time and digest: what "changes nothing" compares. */
function folderState(dir: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    state[name] = stat.isDirectory() ? 'folder' : `${stat.size} ${stat.mtimeMs} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`;
  }
  return state;
}

describe('data folder version', () => {
  it("numbers every embedded file's steps in order, the folder version being the newest", () => {
    for (const steps of [EVENTS_FILE_MIGRATIONS, CONTENT_FILE_MIGRATIONS, ENGAGEMENT_FILE_MIGRATIONS, VISITORS_FILE_MIGRATIONS]) {
      steps.forEach((step, i) => expect(step.version).toBeGreaterThan(i === 0 ? 0 : steps[i - 1]!.version));
    }
    expect(DATA_FOLDER_VERSION).toBe(EVENTS_FILE_MIGRATIONS.at(-1)!.version);
  });

  it('records the version of a new folder, in the folder and in each file, and says so in the log', async () => {
    newFolder();
    const { server, log } = await startOnFolder(dataDir);
    await server.close();
    expect(dataFolderVersion(dataDir)).toBe(DATA_FOLDER_VERSION);
    expect(log).toContain(`data folder ${dataDir}: version ${DATA_FOLDER_VERSION} recorded`);
    expect(log).toContain('mesura.duckdb: schema migration 2 applied (report_extent: the report tables record the raw rows they were built from)');
    expect(log).toContain('mesura.duckdb: schema migration 3 applied (cell tables: each a view over its recent and its merged rows)');
    const steps = await withDuckDbFile(path.join(dataDir, DUCKDB_FILE_NAME), (c) => countOf(c, 'SELECT max(version) FROM schema_version'));
    expect(steps).toBe(EVENTS_FILE_MIGRATIONS.at(-1)!.version);
    for (const file of ['content.duckdb', 'visitors.duckdb']) {
      expect(await withDuckDbFile(path.join(dataDir, file), (c) => countOf(c, 'SELECT max(version) FROM schema_version'))).toBe(1);
    }
  });

  it('a second start applies nothing and writes no version line', async () => {
    newFolder();
    await (await startOnFolder(dataDir)).server.close();
    const { server, log } = await startOnFolder(dataDir);
    await server.close();
    expect(log.filter((line) => line.includes('schema migration') || line.includes('data folder') || line.includes('report tables'))).toEqual([]);
  });

  it('an older build refuses a folder of a newer release with one line, exit code 2, and changes nothing', async () => {
    newFolder();
    await (await startOnFolder(dataDir)).server.close();
    writeFileSync(path.join(dataDir, DATA_FOLDER_VERSION_FILE), JSON.stringify({ version: DATA_FOLDER_VERSION + 1 }));
    rmSync(path.join(dataDir, 'backfill.key'));
    const before = folderState(dataDir);
    const refusal = await startOnFolder(dataDir).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(OperatorError);
    expect((refusal as OperatorError).exitCode).toBe(2);
    expect((refusal as OperatorError).message).toBe(
      `the data folder ${dataDir} is at version ${DATA_FOLDER_VERSION + 1}, newer than this Mesura knows (${DATA_FOLDER_VERSION}): it was written by a newer release and is left unchanged; run that release, or restore the backup taken before the upgrade (docs/operations.md "Upgrades and rollbacks")`,
    );
    expect(folderState(dataDir)).toEqual(before);
  });

  it("a DuckDB file of a newer release is refused before any table is made, even without the folder's file", async () => {
    newFolder();
    const file = path.join(dataDir, DUCKDB_FILE_NAME);
    await withDuckDbFile(file, async (c) => {
      await c.run('CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)');
      await c.run(`INSERT INTO schema_version VALUES (${DATA_FOLDER_VERSION + 5}, 'from the future', now()::TIMESTAMP)`);
    });
    const refusal = await openDuckDbStore(dataDir, []).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(OperatorError);
    expect((refusal as Error).message).toMatch(
      new RegExp(`^mesura\\.duckdb is at schema version ${DATA_FOLDER_VERSION + 5}, newer than this Mesura knows \\(${DATA_FOLDER_VERSION}\\): it was written by a newer release;`),
    );
    const tables = await withDuckDbFile(file, (c) => countOf(c, "SELECT count(*) FROM duckdb_tables() WHERE schema_name = 'main'"));
    expect(tables).toBe(1);
  });

  it('a version file that is not one is one line, not a stack', async () => {
    newFolder();
    writeFileSync(path.join(dataDir, DATA_FOLDER_VERSION_FILE), '{"version": "two"}');
    expect(() => dataFolderVersion(dataDir)).toThrow(OperatorError);
    expect(() => dataFolderVersion(dataDir)).toThrow(/holds no version number/);
  });
});
