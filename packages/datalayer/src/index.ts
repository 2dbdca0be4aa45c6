/**
 * @mesura/datalayer: the page, video and user groups of spec §3, read from
 * `window.mesuraData` with the defaults of §5 and the derived values. Pure: the caller passes in
 * the global object and `document.cookie`.
 */
export {
  ERROR_404_STATUS,
  ERROR_PAGE_NAME,
  ERROR_PAGE_TYPE,
  LOGGED_IN_STATE,
  LOGGED_OUT_STATE,
  LOGIN_COOKIE_LOGGED_IN_KEY,
  LOGIN_COOKIE_NAME,
  NOT_INFORMED,
  NOT_INFORMED_OTHER,
  PAGE_NAME_DEFAULT,
} from './constants.js';
export { firstValue } from './first-value.js';
export { cookieSaysLoggedIn, readCookie } from './session-cookie.js';
export { loginState } from './login-state.js';
export { pageVariables } from './page-variables.js';
export { readDataLayer } from './read-data-layer.js';
export { readVideoData } from './read-video-data.js';
export { formatTimestamp } from './timestamp.js';

// Types are exported apart so that `verbatimModuleSyntax` builds erase them cleanly.
export type { DerivedValues, MesuraData, ReadOptions, ResolvedDataLayer } from './data-layer.js';
export type { LoginState } from './login-state.js';
export type { PageData, PageField, ResolvedPage } from './page-data.js';
export type { AnalyticsVariable, PageVariables } from './page-variables.js';
export type { ResolvedUser, UserData, UserField } from './user-data.js';
export type { ResolvedVideo, VideoData, VideoField } from './video-data.js';
