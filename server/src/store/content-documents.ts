/**
 * The site's content as stored documents: one row per document (kind, key, position in its list,
 * JSON body), the same in the embedded file (content-store.ts) and in PostgreSQL
 * (store/postgres/postgres-content.ts).
 */
import type { ContentSet } from '@mesura/content';

/** The kinds of document, each a list of the content set. */
export const CONTENT_KINDS = ['sections', 'authors', 'themes', 'articles', 'programmes', 'episodes', 'channels', 'stations'] as const satisfies readonly (keyof ContentSet)[];

type Kind = (typeof CONTENT_KINDS)[number];

export interface ContentDocument {
  kind: Kind;
  /** The document's key within its kind: its id, or its slug. */
  id: string;
  position: number;
  /** The document as JSON. */
  body: string;
}

/** Every document of a content set, in list order. */
export function contentDocuments(content: ContentSet): ContentDocument[] {
  return CONTENT_KINDS.flatMap((kind) => (content[kind] as object[]).map((document, position) => ({ kind, id: keyOf(document), position, body: JSON.stringify(document) })));
}

/** The content set of stored rows read in (kind, position) order; a kind the code no longer knows is left out. */
export function contentFromRows(rows: readonly Record<string, unknown>[]): ContentSet {
  const content = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, [] as unknown[]])) as Record<Kind, unknown[]>;
  for (const row of rows) {
    const kind = String(row.kind) as Kind;
    if (CONTENT_KINDS.includes(kind)) content[kind].push(JSON.parse(String(row.body)));
  }
  return content as unknown as ContentSet;
}

function keyOf(document: object): string {
  const record = document as { id?: unknown; slug?: unknown };
  return String(record.id ?? record.slug);
}
