/**
 * How a ranking of pages names a row: by the page's title, and a page without one (the home page,
 * a section's front, the weather or the search page: spec §5 sends the default 'No Informat' as
 * their title) by its address's path and query, which the analyst recognises, rather than by the
 * default, which would name many pages alike.
 */
import { NOT_INFORMED_LOWER } from '../store/not-informed-sql.js';

export function pageLabel(title: unknown, url: string): string {
  return pageTitle(title) ?? addressLabel(url);
}

/** The page's title, or null when it has none (blank, or the data layer's default). */
export function pageTitle(title: unknown): string | null {
  return typeof title === 'string' && title.trim() !== '' && title.trim().toLowerCase() !== NOT_INFORMED_LOWER ? title : null;
}

/** `https://www.mesura.cat/el-temps/?x=1` → `/el-temps/?x=1`; a key that is no absolute URL as it is. */
function addressLabel(url: string): string {
  if (!URL.canParse(url)) return url;
  const address = new URL(url);
  return `${address.pathname}${address.search}`;
}
