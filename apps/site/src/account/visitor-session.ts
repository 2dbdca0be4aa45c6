/**
 * The visitor's login state as the page sees it: the readable state cookie the server sets at
 * sign-in (server/src/visitors/visitor-cookies.ts; the data layer's login cookie) and the account
 * API. The session itself is an HttpOnly cookie no script can read.
 */
import { LOGIN_COOKIE_LOGGED_IN_KEY, LOGIN_COOKIE_NAME } from '@mesura/datalayer';
import { sameOriginPath } from '@mesura/protocol';

/** The signed-in visitor's public id, from a `document.cookie` string; undefined when signed out. */
export function signedInVisitorId(cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq).trim() !== LOGIN_COOKIE_NAME) continue;
    try {
      const state = JSON.parse(decodeURIComponent(part.slice(eq + 1))) as Record<string, unknown>;
      return state[LOGIN_COOKIE_LOGGED_IN_KEY] === true && typeof state.id === 'string' ? state.id : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export type ListItemType = 'article' | 'episode' | 'programme';
export interface ListItem {
  type: ListItemType;
  id: string;
  addedAt: number;
}

async function call(method: string, path: string, body?: object): Promise<Response> {
  return fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined, credentials: 'same-origin' });
}

export const visitorApi = {
  signIn: (email: string, password: string) => call('POST', '/api/visitor/session', { email, password }),
  /** `torna`: where to go once signed in, carried by the link mailed to confirm the account. */
  signUp: (name: string, email: string, password: string, torna: string) => call('POST', '/api/visitor/accounts', { name, email, password, torna }),
  signOut: () => call('DELETE', '/api/visitor/session'),
  /** Mails a reset link if the address has an account; answers 202 either way. */
  askPasswordReset: (email: string) => call('POST', '/api/visitor/password-reset', { email }),
  /** The link's token travels in its own cookie, set when the mailed link was followed. */
  resetPassword: (password: string) => call('POST', '/api/visitor/password-reset/new', { password }),
  me: () => call('GET', '/api/visitor/me'),
  list: async (): Promise<ListItem[] | undefined> => {
    const answer = await call('GET', '/api/visitor/list');
    return answer.ok ? ((await answer.json()) as { items: ListItem[] }).items : undefined;
  },
  save: (type: ListItemType, id: string) => call('PUT', `/api/visitor/list/${type}/${encodeURIComponent(id)}`),
  remove: (type: ListItemType, id: string) => call('DELETE', `/api/visitor/list/${type}/${encodeURIComponent(id)}`),
};

/** The sign-in page; `?torna=` names the page to go back to afterwards. */
export const LOGIN_PATH = '/entrar/';
/** "He oblidat la contrasenya": asks for a reset link by mail. */
export const PASSWORD_FORGOTTEN_PATH = '/entrar/contrasenya-oblidada/';

const isLoginPage = (pathname: string) => pathname === LOGIN_PATH || pathname === LOGIN_PATH.slice(0, -1);

/**
 * A same-site path to go back to after signing in (`?torna=`), as sameOriginPath of
 * @mesura/protocol reads it; anything else is the home page. Never the sign-in page itself: a
 * visitor sent back there would see the forms again, as if signing in had failed. A sign-in page's
 * own `torna` (the header's "Entra" followed from that page) is where they meant to go.
 */
export function safeReturnPath(value: string | null): string {
  const path = sameOriginPath(value);
  if (path === undefined) return '/';
  const url = new URL(path, SAME_SITE_BASE);
  return isLoginPage(url.pathname) ? safeReturnPath(url.searchParams.get('torna')) : path;
}

/** Reads the sign-in page's own `torna` out of a path; any origin does. */
const SAME_SITE_BASE = 'https://site.invalid';

/** The sign-in page's address from the page at `pathname` + `search`; on the sign-in page, itself. */
export function loginPath(pathname: string, search: string): string {
  return isLoginPage(pathname) ? pathname + search : `${LOGIN_PATH}?torna=${encodeURIComponent(pathname + search)}`;
}
