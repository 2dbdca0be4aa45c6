/**
 * @mesura/site-property: the site's own tag property (its rules, accounts and direct calls), run by
 * the generic rules runtime of @mesura/tags. `@mesura/sdk` and the media bootstrap import it;
 * `@mesura/tags` knows no site.
 */
export { siteProperty, PAGE_VIEW_CALL, SEARCH_PATH_WORD } from './site-property.js';
export { SITE_LINK_CALLS, LINK_DETAIL_VARIABLES } from './site-link-calls.js';
export { SITE_COMPARISONS, SITE_COMPONENTS, SITE_PAGE_INFO } from './site-components.js';
export { SITE_ACCOUNTS, environmentForHost } from './site-accounts.js';
export {
  PAGE_VIEW_EVENT,
  SITE_CUSTOM_SCRIPTS,
  TAG_ACCOUNT_ID,
  TAG_ASSETS_FOLDER,
  TAG_LAYERS,
  TAG_LIBRARY_FILE,
  TAG_LIBRARY_PREFIX,
  isCustomScript,
  layerOfPath,
  tagAssetsPath,
  tagLibraryPath,
} from './tag-library.js';

// Types apart, so `verbatimModuleSyntax` builds erase them cleanly.
export type { SiteLinkCall } from './site-link-calls.js';
export type { SitePropertyOptions } from './site-property.js';
export type { EnvironmentAccounts, SiteAccounts } from './site-accounts.js';
export {
  INTEREST_MAX_SECTIONS,
  INTEREST_PROFILE_KEY,
  INTEREST_WINDOW_DAYS,
  readInterestProfile,
  recordSectionView,
  sectionViews,
} from './interest-profile.js';
export type { CustomScriptFile } from './tag-library.js';
export type { InterestProfile } from './interest-profile.js';
