/**
 * Path of the search page. Spec §2 tags any path containing "cercador" as an internal search; that
 * rule (event2) belongs to the tag runtime (issue 3): today the page only fills the data layer.
 */
export const SEARCH_PATH = '/cercador/';

/** Where a submitted search goes: `/cercador/?q=…`, or the bare form for a blank query. */
export function searchPath(query: string): string {
  const trimmed = query.trim();
  return trimmed === '' ? SEARCH_PATH : `${SEARCH_PATH}?${new URLSearchParams({ q: trimmed }).toString()}`;
}
