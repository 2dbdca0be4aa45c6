/**
 * The content store: the site's articles, programmes, episodes, channels and stations, kept as JSON
 * documents in their own DuckDB file beside the measurement store (content is not measurement data).
 * Seeded on first start from @mesura/content's seed; later starts read what is stored, so an editor's
 * change (a future console screen) survives restarts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { memoryBudget } from '../../memory-budget.js';
import { openDuckDbFile } from './duckdb-file.js';
import { createSeedContent, type ContentSet } from '@mesura/content';
import { contentDocuments, contentFromRows } from '../content-documents.js';
import { podcastReplacements } from '../retired-podcast-files.js';
import { migrateDuckDbFile } from './duckdb-schema-version.js';
import { CONTENT_FILE_MIGRATIONS } from './metadata-file-migrations.js';

export const CONTENT_DB_FILE_NAME = 'content.duckdb';

const CONTENT_TABLE = `CREATE TABLE IF NOT EXISTS content_documents (kind VARCHAR NOT NULL, id VARCHAR NOT NULL, position INTEGER NOT NULL,
  body VARCHAR NOT NULL, PRIMARY KEY (kind, id))`;

/** Opens (and on first start seeds) the store under `dataDir`, and reads the whole content set. */
export async function loadContentStore(dataDir: string, seed: () => ContentSet = createSeedContent, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<ContentSet> {
  mkdirSync(dataDir, { recursive: true });
  const instance = await openDuckDbFile(path.join(dataDir, CONTENT_DB_FILE_NAME), { threads: 1, memoryLimitMiB });
  const connection = await instance.connect();
  try {
    // A file of a newer release is refused before the table is made (duckdb-schema-version.ts).
    await migrateDuckDbFile(connection, { file: CONTENT_DB_FILE_NAME, migrations: CONTENT_FILE_MIGRATIONS, ensure: async (c) => void (await c.run(CONTENT_TABLE)) });
    const stored = Number((await connection.runAndReadAll('SELECT count(*) AS n FROM content_documents')).getRowObjectsJson()[0]?.n ?? 0);
    if (stored === 0) {
      const appender = await connection.createAppender('content_documents');
      for (const document of contentDocuments(seed())) {
        appender.appendVarchar(document.kind);
        appender.appendVarchar(document.id);
        appender.appendInteger(document.position);
        appender.appendVarchar(document.body);
        appender.endRow();
      }
      appender.closeSync();
    }
    const episodes = (await connection.runAndReadAll("SELECT kind, id, body FROM content_documents WHERE kind = 'episodes'")).getRowObjectsJson();
    for (const document of podcastReplacements(episodes, seed)) {
      await connection.run('UPDATE content_documents SET body = $body WHERE kind = $kind AND id = $id', { body: document.body, kind: document.kind, id: document.id });
    }
    const rows = (await connection.runAndReadAll('SELECT kind, body FROM content_documents ORDER BY kind, position')).getRowObjectsJson();
    return contentFromRows(rows);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
