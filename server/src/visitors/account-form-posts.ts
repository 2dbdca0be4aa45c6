/**
 * The sign-in page's two forms as posted without JavaScript (http/site-form-posts.ts): sign-in
 * calls POST /api/visitor/session, sign-up POST /api/visitor/accounts, as the app does; "He oblidat
 * la contrasenya" POST /api/visitor/password-reset, the reset page's new password
 * POST /api/visitor/password-reset/new (its token in the cookie the mailed link set for the page too).
 */
import { RETURN_PATH_PARAM, sitePaths } from '@mesura/content';
import { sameOriginPath } from '@mesura/protocol';
import { PASSWORD_RESET_NEW_PATH, PASSWORD_RESET_PAGE_PATH, RESET_LINK_REFUSED } from './password-reset-routes.js';
import { field, isSuccess, resultLanding, type ApiAnswer, type SiteForm } from '../http/site-form.js';

/** The sign-in route's 403 for a right password on an account whose mailed link was not followed. */
const UNCONFIRMED_CODE = 'MESURA_ERR_FORBIDDEN';
/** The landing's reason the sign-in page tells apart from a plain 403. */
export const UNCONFIRMED_REASON = 'sense-confirmar';

const LOGIN_PATH = sitePaths.login();

/**
 * Where a signed-in visitor goes: the page's `torna` when a path of this site (the check the site's
 * own return path uses), never the sign-in page itself, else the home page.
 */
export function signedInLanding(pageQuery: URLSearchParams): string {
  const back = sameOriginPath(pageQuery.get(RETURN_PATH_PARAM));
  if (back === undefined) return '/';
  const pathname = back.split(/[?#]/, 1)[0];
  return pathname === LOGIN_PATH || pathname === LOGIN_PATH.slice(0, -1) ? '/' : back;
}

const reasonOf = (answer: ApiAnswer) => (answer.status === 403 && answer.code === UNCONFIRMED_CODE ? UNCONFIRMED_REASON : String(answer.status));

export const signInForm: SiteForm = {
  name: 'entrar',
  pagePath: LOGIN_PATH,
  apiCall: (fields) => ({ method: 'POST', url: '/api/visitor/session', body: { email: field(fields, 'email'), password: field(fields, 'password') } }),
  landing: (answer, _fields, pageQuery) => (isSuccess(answer) ? signedInLanding(pageQuery) : resultLanding(signInForm, pageQuery, 'error', reasonOf(answer))),
};

export const signUpForm: SiteForm = {
  name: 'crear-compte',
  pagePath: LOGIN_PATH,
  apiCall: (fields, pageQuery) => ({
    method: 'POST',
    url: '/api/visitor/accounts',
    body: { name: field(fields, 'name'), email: field(fields, 'email'), password: field(fields, 'password'), torna: signedInLanding(pageQuery) },
  }),
  landing: (answer, _fields, pageQuery) => (isSuccess(answer) ? resultLanding(signUpForm, pageQuery, 'ok') : resultLanding(signUpForm, pageQuery, 'error', String(answer.status))),
};

export const passwordForgottenForm: SiteForm = {
  name: 'contrasenya-oblidada',
  pagePath: `${LOGIN_PATH}contrasenya-oblidada/`,
  apiCall: (fields) => ({ method: 'POST', url: '/api/visitor/password-reset', body: { email: field(fields, 'email') } }),
  landing: (answer, _fields, pageQuery) =>
    isSuccess(answer) ? resultLanding(passwordForgottenForm, pageQuery, 'ok') : resultLanding(passwordForgottenForm, pageQuery, 'error', String(answer.status)),
};

/** Why a new password was refused, in words the reset page knows. */
const resetReason = (answer: ApiAnswer) => (answer.status !== 400 ? String(answer.status) : answer.error === RESET_LINK_REFUSED ? 'enllac-caducat' : 'feble');

export const passwordResetForm: SiteForm = {
  name: 'nova-contrasenya',
  pagePath: PASSWORD_RESET_PAGE_PATH,
  apiCall: (fields) => ({ method: 'POST', url: PASSWORD_RESET_NEW_PATH, body: { password: field(fields, 'password') } }),
  landing: (answer, _fields, pageQuery) => (isSuccess(answer) ? resultLanding(passwordResetForm, pageQuery, 'ok') : resultLanding(passwordResetForm, pageQuery, 'error', resetReason(answer))),
};
