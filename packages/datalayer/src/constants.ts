/**
 * The values of spec §5 (defaults) and §2 (the Error404 rule), and the login-state contract.
 * Reports filter on these exact strings, so changing one splits every report in two: old hits keep
 * the old spelling.
 */

/**
 * §5: tracked for a missing section, subsection (any level), programme or user id.
 * Lower-case "i": the spec spells the two "not informed" values differently, and the existing
 * reports tell them apart.
 */
export const NOT_INFORMED = 'No informat';

/** §5: tracked for any other missing analytics value (capital "I", see {@link NOT_INFORMED}). */
export const NOT_INFORMED_OTHER = 'No Informat';

/** §5: tracked page name when the page gives none. */
export const PAGE_NAME_DEFAULT = 'noDisponible';

/** §2: the page status value that marks a not-found page. */
export const ERROR_404_STATUS = 'Error404';

/** §2: page type tracked for an {@link ERROR_404_STATUS} page, whatever the page says. */
export const ERROR_PAGE_TYPE = 'errorPage';

/**
 * §2: page name tracked for an {@link ERROR_404_STATUS} page. Empty on purpose: it overrides
 * {@link PAGE_NAME_DEFAULT}, so not-found pages do not pile up under one "noDisponible" name.
 */
export const ERROR_PAGE_NAME = '';

/**
 * §3 "Login status": the session cookie holding the user state. Its value is URL-encoded JSON,
 * `encodeURIComponent(JSON.stringify({ logat: true }))`; see login-state.ts. The site's login
 * module writes it, so renaming it logs every visitor out as far as tracking is concerned.
 */
export const LOGIN_COOKIE_NAME = 'mesura_usuari';

/** The property of the {@link LOGIN_COOKIE_NAME} JSON that says the user is logged in. */
export const LOGIN_COOKIE_LOGGED_IN_KEY = 'logat';

/** Tracked login state of a logged-in visitor (§4, §6). */
export const LOGGED_IN_STATE = 'logat';

/** Tracked login state of an anonymous visitor (§4, §6). */
export const LOGGED_OUT_STATE = 'no logat';

/** §3, §5: separator of comma lists (topic area, categoriaAgrupadora, related items). */
export const LIST_SEPARATOR = ',';
