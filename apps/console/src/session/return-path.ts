import { sameOriginPath } from '@mesura/protocol';
import { CONSOLE_BASENAME, HOME_PATH, LOGIN_PATH, RETURN_PARAM } from '../console-paths';

/** Reads the console part out of a path; any origin does. */
const PATH_BASE = 'https://console.invalid';

/**
 * Where to go after signing in: the page named by `torna` when it is a console page, the console
 * home otherwise. The value must be a path of this origin as sameOriginPath of @mesura/protocol
 * reads it (never another origin, a scheme-relative `//host`, a backslash trick or dot segments
 * that leave a `//`), inside /consola/, and what is left inside the console must not start with
 * `//` either: React Router would be handed the address of another host. So a link to the login
 * page cannot send a person anywhere else once signed in. The answer is a router path (without
 * the /consola basename), with its query and fragment.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  const path = sameOriginPath(raw);
  if (path === undefined) return HOME_PATH;
  const url = new URL(path, PATH_BASE);
  const { pathname } = url;
  if (pathname !== CONSOLE_BASENAME && !pathname.startsWith(`${CONSOLE_BASENAME}/`)) return HOME_PATH;
  const inside = pathname.slice(CONSOLE_BASENAME.length) || HOME_PATH;
  if (inside.startsWith('//')) return HOME_PATH;
  // Back to the login page after signing in would be a loop.
  if (isLoginPath(inside)) return HOME_PATH;
  return inside + url.search + url.hash;
}

function isLoginPath(routerPath: string): boolean {
  return routerPath === LOGIN_PATH || `${routerPath}/` === LOGIN_PATH;
}

/** The part of the browser's location the console keeps in `torna`. */
export interface RouterLocation {
  /** Inside the basename, as React Router's useLocation gives it. */
  pathname: string;
  search: string;
}

/**
 * A console screen (the login or the password page) with `torna` naming the page being left, as a
 * full /consola/ path, so that the person comes back to it afterwards.
 */
export function pathReturningTo(screen: string, from: RouterLocation): string {
  const back = `${CONSOLE_BASENAME}${from.pathname}${from.search}`;
  return `${screen}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}
