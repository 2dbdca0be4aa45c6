import { SEARCH_QUERY_MAX_CHARS, contentApi, type SearchResponse, type SearchType } from '@mesura/content';
import { loadContent } from '../content/content-client';

/**
 * Path of the search page. Spec §2 tags any path containing "cercador" as an internal search (the
 * SDK's rule sends event2 with the page view when the data layer carries the keywords).
 */
export const SEARCH_PATH = '/cercador/';

/** The type filter as the page's URL names it (`&tipus=`); no parameter is every type ("Tot"). */
export const SEARCH_TYPE_PARAMS: Record<SearchType, string> = { article: 'noticies', programme: 'programes', episode: 'episodis' };

/** What the search page renders from: the query and filter of its URL and the API's answer. */
export interface SearchLoaderData {
  /** Trimmed; empty when no search ran (the form only). */
  query: string;
  type?: SearchType;
  /** Absent when no search ran. */
  response?: SearchResponse;
}

/** Where a search goes: `/cercador/?q=…[&tipus=…]`, or the bare form for a blank query. */
export function searchPath(query: string, type?: SearchType): string {
  const trimmed = query.trim();
  if (trimmed === '') return SEARCH_PATH;
  const params = new URLSearchParams({ q: trimmed });
  if (type !== undefined) params.set('tipus', SEARCH_TYPE_PARAMS[type]);
  return `${SEARCH_PATH}?${params.toString()}`;
}

/** The filter named by `tipus`; an unknown or missing value is every type. */
export function parseSearchType(value: string | null): SearchType | undefined {
  const entry = Object.entries(SEARCH_TYPE_PARAMS).find(([, param]) => param === value);
  return entry === undefined ? undefined : (entry[0] as SearchType);
}

/**
 * The search page's loader: reads `q` and `tipus` and asks the API when there is a query. A query
 * longer than the API takes is cut, not refused.
 */
export async function loadSearch(params: URLSearchParams): Promise<SearchLoaderData> {
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX_CHARS).trim();
  const type = parseSearchType(params.get('tipus'));
  if (query === '') return { query, type };
  const response = await loadContent<SearchResponse>(contentApi.search(query, type));
  return { query, type, response };
}
