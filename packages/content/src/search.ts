/**
 * The site's search over articles, programmes and episodes: accent- and case-insensitive words,
 * every word of the query must appear, titles weigh more than text, newer first among equals.
 * Pure, and no pattern is ever built from the query.
 */
import type { SearchResponse, SearchType } from './api.js';
import { isPublished } from './publication.js';
import type { Teaser } from './types.js';

/** Longest query searched; the rest is ignored. */
export const SEARCH_QUERY_MAX_CHARS = 200;
/** Words of a query that count; more are ignored. */
export const SEARCH_MAX_WORDS = 12;
export const SEARCH_MAX_RESULTS = 50;
export const SEARCH_MAX_SUGGESTIONS = 5;
const TITLE_WEIGHT = 3;
const TEXT_WEIGHT = 1;
/** Words too common to search by. */
const STOP_WORDS = new Set(['el', 'la', 'els', 'les', 'de', 'del', 'dels', 'i', 'a', 'al', 'en', 'per', 'amb', 'un', 'una', 'que', 'l', 'd', 'es', 'o']);

export interface SearchDocument {
  type: SearchType;
  teaser: Teaser;
  /** Everything else a visitor would search the item by (summary, text, author, programme). */
  text: string;
}

/** Lower-case words without accents; 'l·l' counts as 'll'. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/l·l/g, 'll')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word));
}

interface Indexed {
  document: SearchDocument;
  title: Set<string>;
  text: Set<string>;
}

export interface SearchIndex {
  documents: Indexed[];
  /** What to suggest: theme names, programme titles and sections. */
  suggestions: string[];
}

export function buildSearchIndex(documents: SearchDocument[], suggestions: string[]): SearchIndex {
  return {
    documents: documents.map((document) => ({ document, title: new Set(searchWords(document.teaser.title)), text: new Set(searchWords(document.text)) })),
    suggestions,
  };
}

/** A word matches a document word equal to it or starting with it (at least 3 letters typed). */
function matches(words: Set<string>, word: string): boolean {
  if (words.has(word)) return true;
  if (word.length < 3) return false;
  for (const candidate of words) if (candidate.startsWith(word)) return true;
  return false;
}

function score(item: Indexed, words: string[]): number {
  let total = 0;
  for (const word of words) {
    const inTitle = matches(item.title, word);
    const inText = matches(item.text, word);
    if (!inTitle && !inText) return 0;
    total += (inTitle ? TITLE_WEIGHT : 0) + (inText ? TEXT_WEIGHT : 0);
  }
  return total;
}

function suggestionsFor(index: SearchIndex, words: string[], found: boolean): string[] {
  const related = index.suggestions.filter((suggestion) => {
    const own = new Set(searchWords(suggestion));
    return words.some((word) => [...own].some((w) => w.startsWith(word.slice(0, 3)) || word.startsWith(w.slice(0, 3))));
  });
  const pool = related.length > 0 || found ? related : index.suggestions;
  return pool.slice(0, SEARCH_MAX_SUGGESTIONS);
}

/** A document is searchable once published; a programme (no publication time) always is. */
function searchable(document: SearchDocument, now: Date | undefined): boolean {
  const { publishedAt } = document.teaser;
  return now === undefined || publishedAt === undefined || isPublished({ publishedAt }, now);
}

/**
 * Results of `query` (filtered by `type` when given), the count of each type, and suggestions.
 * With `now`, items published after it are neither found nor counted (publication.ts).
 */
export function searchContent(index: SearchIndex, rawQuery: string, type?: SearchType, now?: Date): SearchResponse {
  const query = rawQuery.slice(0, SEARCH_QUERY_MAX_CHARS).trim();
  const words = searchWords(query).slice(0, SEARCH_MAX_WORDS);
  const counts: Record<SearchType, number> = { article: 0, programme: 0, episode: 0 };
  if (words.length === 0) return { query, ...(type && { type }), results: [], counts, total: 0, suggestions: index.suggestions.slice(0, SEARCH_MAX_SUGGESTIONS) };
  const scored = index.documents
    .filter((item) => searchable(item.document, now))
    .map((item) => ({ item, score: score(item, words) }))
    .filter((entry) => entry.score > 0);
  for (const { item } of scored) counts[item.document.type]++;
  const shown = scored
    .filter((entry) => type === undefined || entry.item.document.type === type)
    .sort((a, b) => b.score - a.score || Date.parse(b.item.document.teaser.publishedAt ?? '0') - Date.parse(a.item.document.teaser.publishedAt ?? '0'));
  return {
    query,
    ...(type && { type }),
    results: shown.slice(0, SEARCH_MAX_RESULTS).map((entry) => entry.item.document.teaser),
    counts,
    total: shown.length,
    suggestions: suggestionsFor(index, words, shown.length > 0),
  };
}
