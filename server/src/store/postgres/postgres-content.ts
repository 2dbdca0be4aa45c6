/**
 * The site's content in PostgreSQL (the scaled-out twin of content/content-store.ts): the same
 * documents, seeded on the first start of the first server and read whole at each start.
 */
import { createSeedContent, type ContentSet } from '@mesura/content';
import { contentDocuments, contentFromRows } from '../content-documents.js';
import { podcastReplacements } from '../retired-podcast-files.js';
import type { MetadataPool } from './postgres-pool.js';

/** Any fixed number naming the lock under which a first start seeds, so two servers do not both seed. */
const CONTENT_SEED_LOCK_KEY = 0x636f6e74; // "cont"

export async function loadPostgresContent(pool: MetadataPool, seed: () => ContentSet = createSeedContent): Promise<ContentSet> {
  await pool.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [CONTENT_SEED_LOCK_KEY]);
    const { rows } = await sql.query('SELECT count(*) AS n FROM content_documents');
    if (Number(rows[0]?.n ?? 0) > 0) {
      const episodes = (await sql.query("SELECT kind, id, body FROM content_documents WHERE kind = 'episodes'")).rows;
      for (const document of podcastReplacements(episodes, seed)) {
        await sql.query('UPDATE content_documents SET body = $1 WHERE kind = $2 AND id = $3', [document.body, document.kind, document.id]);
      }
      return;
    }
    const documents = contentDocuments(seed());
    // One statement, the columns as four bound arrays.
    await sql.query(
      `INSERT INTO content_documents (kind, id, position, body)
       SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[])`,
      [documents.map((d) => d.kind), documents.map((d) => d.id), documents.map((d) => d.position), documents.map((d) => d.body)],
    );
  });
  const { rows } = await pool.query('SELECT kind, body FROM content_documents ORDER BY kind, position');
  return contentFromRows(rows);
}
