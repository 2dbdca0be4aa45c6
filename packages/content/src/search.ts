/**
 * The site's search over articles, programmes and episodes, on MiniSearch: accent- and
 * case-insensitive words, every word of the query must appear, forgiving a typo or two (fuzzy) and
 * an unfinished word (prefix), titles weigh more than text, newer first among equals; Catalan stop
 * words are not searched by. The index is built once per content (buildSearchIndex); a query
 * reaches MiniSearch only as the words searchWords() keeps, never as a pattern.
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { SearchResponse, SearchType } from './api.js';
import { isPublished } from './publication.js';
import type { Teaser } from './types.js';

/** Longest query searched; the rest is ignored. */
export const SEARCH_QUERY_MAX_CHARS = 200;
/** Words of a query that count; more are ignored. */
export const SEARCH_MAX_WORDS = 12;
export const SEARCH_MAX_RESULTS = 50;
export const SEARCH_MAX_SUGGESTIONS = 5;
/** Longest text the suggestions while typing look at: a field being typed in, not a search. */
export const SUGGEST_QUERY_MAX_CHARS = 100;
/** Suggestions while typing, at most. */
export const SUGGEST_MAX_RESULTS = 6;
/** Words shorter than this are matched exactly: one letter off in "pa" or "mar" is another word. */
const FUZZY_MIN_CHARS = 4;
/** Letters that may be wrong, as a share of a word's length ("sekera" for "sequera": 2 of 6)… */
const FUZZY_SHARE = 0.34;
/** …and at most, whatever the length: more finds words that only look alike. */
const FUZZY_MAX_EDITS = 2;
/** An unfinished word matches the words it starts from this many letters on. */
const PREFIX_MIN_CHARS = 3;
const TITLE_BOOST = 3;
const TEXT_BOOST = 1;
/** Words too common to search by. */
const STOP_WORDS = new Set(['el', 'la', 'els', 'les', 'de', 'del', 'dels', 'i', 'a', 'al', 'en', 'per', 'amb', 'un', 'una', 'que', 'l', 'd', 'es', 'o']);

export interface SearchDocument {
  type: SearchType;
  teaser: Teaser;
  /** Everything else a visitor would search the item by (summary, text, author, programme). */
  text: string;
}

/** A word without accents, lower-case; 'l·l' counts as 'll'. */
function plainWord(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/l·l/g, 'll');
}

/** Lower-case words without accents, stop words left out. */
export function searchWords(text: string): string[] {
  return plainWord(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word));
}

/** A word as written (accents kept, lower-case) for each word as searched: what a suggestion shows. */
function writtenForms(documents: SearchDocument[]): Map<string, string> {
  const forms = new Map<string, string>();
  for (const document of documents) {
    for (const word of `${document.teaser.title} ${document.text}`.toLowerCase().split(/[^\p{L}\p{N}·]+/u)) {
      const plain = plainWord(word);
      if (plain !== '' && !forms.has(plain)) forms.set(plain, word);
    }
  }
  return forms;
}

export interface SearchIndex {
  /** The documents, by their position: MiniSearch's id. */
  documents: SearchDocument[];
  engine: MiniSearch<{ id: number; title: string; text: string }>;
  /** Each searched word as the content writes it. */
  forms: Map<string, string>;
  /** What to suggest: theme names, programme titles and sections. */
  suggestions: string[];
}

const MATCHING: SearchOptions = {
  combineWith: 'AND',
  boost: { title: TITLE_BOOST, text: TEXT_BOOST },
  prefix: (term) => term.length >= PREFIX_MIN_CHARS,
  fuzzy: (term) => (term.length >= FUZZY_MIN_CHARS ? FUZZY_SHARE : false),
  maxFuzzy: FUZZY_MAX_EDITS,
};

export function buildSearchIndex(documents: SearchDocument[], suggestions: string[]): SearchIndex {
  const engine = new MiniSearch<{ id: number; title: string; text: string }>({
    fields: ['title', 'text'],
    tokenize: (text) => searchWords(text),
    // Words come already plain from tokenize; a stop word typed alone is dropped there too.
    processTerm: (term) => term,
    searchOptions: MATCHING,
  });
  engine.addAll(documents.map((document, id) => ({ id, title: document.teaser.title, text: document.text })));
  return { documents, engine, forms: writtenForms(documents), suggestions };
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
function searchable(document: SearchDocument | undefined, now: Date | undefined): boolean {
  const publishedAt = document?.teaser.publishedAt;
  return document !== undefined && (now === undefined || publishedAt === undefined || isPublished({ publishedAt }, now));
}

const newer = (a: SearchDocument, b: SearchDocument) => Date.parse(a.teaser.publishedAt ?? '0') - Date.parse(b.teaser.publishedAt ?? '0');

/**
 * Results of `query` (filtered by `type` when given), the count of each type, and suggestions.
 * With `now`, items published after it are neither found nor counted (publication.ts).
 */
export function searchContent(index: SearchIndex, rawQuery: string, type?: SearchType, now?: Date): SearchResponse {
  const query = rawQuery.slice(0, SEARCH_QUERY_MAX_CHARS).trim();
  const words = searchWords(query).slice(0, SEARCH_MAX_WORDS);
  const counts: Record<SearchType, number> = { article: 0, programme: 0, episode: 0 };
  if (words.length === 0) return { query, ...(type && { type }), results: [], counts, total: 0, suggestions: index.suggestions.slice(0, SEARCH_MAX_SUGGESTIONS) };
  const found = index.engine
    .search(words.join(' '), { filter: (hit) => searchable(index.documents[hit.id as number], now) })
    .map((hit) => ({ document: index.documents[hit.id as number]!, score: hit.score }));
  for (const { document } of found) counts[document.type]++;
  const shown = found.filter((entry) => type === undefined || entry.document.type === type).sort((a, b) => b.score - a.score || newer(b.document, a.document));
  return {
    query,
    ...(type && { type }),
    results: shown.slice(0, SEARCH_MAX_RESULTS).map((entry) => entry.document.teaser),
    counts,
    total: shown.length,
    suggestions: suggestionsFor(index, words, shown.length > 0),
  };
}

/** GET /api/content/suggest?q=: searches worth running for what is typed so far, best first. */
export interface SuggestResponse {
  /** The text as looked at (trimmed, at most SUGGEST_QUERY_MAX_CHARS). */
  query: string;
  /** At most SUGGEST_MAX_RESULTS, each a search that finds something published, in the content's own spelling. */
  suggestions: string[];
}

/** Suggestions while typing: the words of published items that the typed words (with a typo, unfinished) lead to. */
export function suggestSearches(index: SearchIndex, rawQuery: string, now?: Date): SuggestResponse {
  const query = rawQuery.slice(0, SUGGEST_QUERY_MAX_CHARS).trim();
  const words = searchWords(query).slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return { query, suggestions: [] };
  const suggestions = index.engine
    .autoSuggest(words.join(' '), { filter: (hit) => searchable(index.documents[hit.id as number], now) })
    .slice(0, SUGGEST_MAX_RESULTS)
    .map((suggestion) => suggestion.terms.map((term) => index.forms.get(term) ?? term).join(' '));
  return { query, suggestions: [...new Set(suggestions)] };
}
