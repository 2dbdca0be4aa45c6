/**
 * How the site's route loaders read the content API (packages/content api.ts). In the browser
 * that is fetch; in the server's first view (first-view.tsx) the server hands in its own fetcher,
 * which answers from the same API in-process, so both render from one source.
 */

/** Fetches one API path (e.g. '/api/content/home') and answers as fetch would. */
export type ContentFetcher = (path: string) => Promise<Response>;

const browserFetcher: ContentFetcher = (path) => fetch(path, { headers: { accept: 'application/json' } });

let fetcher: ContentFetcher = browserFetcher;

/** Replaces the fetcher (the server's first view; tests). */
export function setContentFetcher(replacement: ContentFetcher): void {
  fetcher = replacement;
}

/**
 * The API's answer for `path`; undefined when it answers 404 (an unknown id) or 400 (an id outside
 * the API's format, e.g. a space in a slug, which no page has either): both show the not-found page.
 */
export async function loadContent<T>(path: string): Promise<T | undefined> {
  const response = await fetcher(path);
  if (response.status === 404 || response.status === 400) return undefined;
  if (!response.ok) throw new Error(`The content API answered ${response.status} for ${path}.`);
  return (await response.json()) as T;
}
