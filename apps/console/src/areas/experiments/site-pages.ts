/**
 * The site's pages an editor can preview or target, read from the site's public content API
 * (GET /api/content/home: the home page, its lead, every section rail and the newest media). A
 * preview must open a page that exists: an activity's audience names a path *prefix*
 * (`/noticia/1004/`), which is no page of its own, so the preview picks a page under it.
 */
import { PREVIEW_PARAM } from '@mesura/protocol';
import { isRecord } from '../../api/api-answer';

export const SITE_HOME_API_PATH = '/api/content/home';

export interface SitePage {
  /** The page's path on the site, e.g. `/noticia/1004/el-temps-de-dema/`. */
  path: string;
  title: string;
}

export const HOME_PAGE: SitePage = { path: '/', title: 'Portada' };

function teaserPage(value: unknown): SitePage | undefined {
  if (!isRecord(value) || typeof value.path !== 'string' || typeof value.title !== 'string') return undefined;
  return value.path.startsWith('/') && !value.path.startsWith('//') ? { path: value.path, title: value.title } : undefined;
}

/** The pages the home answer names, the home first, each path once; undefined when the body is not a home answer. */
export function parseSitePages(body: unknown): SitePage[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.rails)) return undefined;
  const teasers: unknown[] = [body.lead, ...body.rails.flatMap((rail) => (isRecord(rail) && Array.isArray(rail.teasers) ? rail.teasers : [])), ...(Array.isArray(body.media) ? body.media : [])];
  const pages = [HOME_PAGE];
  for (const page of teasers.map(teaserPage)) {
    if (page && !pages.some((p) => p.path === page.path)) pages.push(page);
  }
  return pages;
}

/** The pages an activity applies to (its audience's path prefix), or every page when none is under it. */
export function pagesUnder(pages: readonly SitePage[], prefix: string | undefined): SitePage[] {
  if (prefix === undefined || prefix === '' || prefix === '/') return [...pages];
  const under = pages.filter((page) => page.path.startsWith(prefix));
  return under.length > 0 ? under : [...pages];
}

/**
 * The visual editor frame's address for `path`: the page marked as an editor's preview, with a
 * value that is no token, so that the server grants no experience (the editor shows the draft's
 * changes itself) and the page is never counted as a visit.
 */
export function editorFrameAddress(path: string): string {
  const hashAt = path.indexOf('#');
  const [head, fragment] = hashAt < 0 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)];
  return `${head}${head.includes('?') ? '&' : '?'}${PREVIEW_PARAM}=editor${fragment}`;
}
