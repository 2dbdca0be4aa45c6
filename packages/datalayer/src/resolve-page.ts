import { ERROR_404_STATUS, ERROR_PAGE_NAME, ERROR_PAGE_TYPE } from './constants.js';
import { PAGE_DEFAULTS } from './defaults.js';
import type { ResolvedPage } from './page-data.js';
import { resolveGroup } from './resolve-group.js';

/**
 * The page group with its defaults (§5), then the not-found rule (§2): a page whose status is
 * "Error404" is tracked with page type "errorPage" and an empty page name, whatever it says, and
 * the empty name replaces the "noDisponible" default.
 */
export function resolvePage(raw: unknown): ResolvedPage {
  const page = resolveGroup(raw, PAGE_DEFAULTS);
  if (page.status === ERROR_404_STATUS) {
    page.pageType = ERROR_PAGE_TYPE;
    page.pageName = ERROR_PAGE_NAME;
  }
  return page;
}
