import { CONSOLE_BASENAME, HOME_PATH, LOGIN_PATH, RETURN_PARAM } from '../console-paths';

/** A base to resolve `torna` against; only used to tell whether the value stays on the same origin. */
const PROBE_ORIGIN = 'https://console.invalid';
/** Backslashes (which browsers read as slashes) and control characters have no place in a console path. */
const UNSAFE_PATH_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/**
 * Where to go after signing in: the page named by `torna` when it is a console page, the console
 * home otherwise. Only a path inside /consola/ is accepted: never another origin, a
 * scheme-relative `//host`, a backslash trick, or dot segments that climb out of the console, so
 * a link to the login page cannot send a person anywhere else once signed in. The answer is a
 * router path (without the /consola basename), with its query and fragment.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (raw === null || raw === undefined || !raw.startsWith('/') || raw.startsWith('//')) return HOME_PATH;
  if (UNSAFE_PATH_CHARACTERS.test(raw)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== PROBE_ORIGIN) return HOME_PATH;
  const { pathname } = url;
  if (pathname !== CONSOLE_BASENAME && !pathname.startsWith(`${CONSOLE_BASENAME}/`)) return HOME_PATH;
  const inside = pathname.slice(CONSOLE_BASENAME.length) || HOME_PATH;
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
