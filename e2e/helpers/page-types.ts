import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One page of a type of the site (e2e/page-types.json). */
export interface PageType {
  name: string;
  /** Path and query on the site. */
  path: string;
}

/** The site's page types, one page each, as e2e/page-types.json lists them. */
export function pageTypes(): PageType[] {
  const file = path.join(import.meta.dirname, '..', 'page-types.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { pages: PageType[] }).pages;
}
