/**
 * A crawl of the site as a visitor without JavaScript (or a search engine) sees it: from a start
 * page, every `<a href>` of the server-rendered HTML to a page of the same site, breadth first, at
 * most `pageLimit` pages. Files (a path with an extension: PDFs, feeds, audio), the console and
 * the API are not pages; queries and fragments are dropped, so each path is fetched once.
 */

/** Pages fetched at once: enough to overlap the server's rendering with the parsing here. */
const CRAWL_CONCURRENCY = 4;
const HREF = /<a\b[^>]*?\shref="([^"]*)"/g;
const NOT_PAGES = /^\/(consola|api)\//;

export interface CrawlResult {
  /** Paths that answered an HTML page with 200, including where a redirect landed. */
  reached: Set<string>;
  /** Paths that answered anything else, with the status. */
  failed: Map<string, number>;
  /** Pages still queued when the limit was reached (empty when the whole site was crawled). */
  unvisited: string[];
}

/** The site path a link leads to, or undefined when it leaves the site or is not a page. */
export function pageOf(href: string, from: string, origin: string): string | undefined {
  const url = new URL(href.replaceAll('&amp;', '&'), origin + from);
  if (url.origin !== origin || NOT_PAGES.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
  return url.pathname;
}

export async function crawlSite({ baseUrl, start = '/', pageLimit }: { baseUrl: string; start?: string; pageLimit: number }): Promise<CrawlResult> {
  const origin = new URL(baseUrl).origin;
  const seen = new Set<string>([start]);
  const queue = [start];
  const reached = new Set<string>();
  const failed = new Map<string, number>();
  let fetched = 0;
  const visit = async (path: string) => {
    const response = await fetch(origin + path, { headers: { accept: 'text/html' } });
    const html = await response.text();
    if (response.status !== 200) return void failed.set(path, response.status);
    reached.add(path);
    reached.add(new URL(response.url).pathname);
    for (const [, href] of html.matchAll(HREF)) {
      const page = href === undefined ? undefined : pageOf(href, path, origin);
      if (page !== undefined && !seen.has(page)) {
        seen.add(page);
        queue.push(page);
      }
    }
  };
  while (queue.length > 0 && fetched < pageLimit) {
    const batch = queue.splice(0, Math.min(CRAWL_CONCURRENCY, pageLimit - fetched));
    fetched += batch.length;
    await Promise.all(batch.map(visit));
  }
  return { reached, failed, unvisited: queue };
}
