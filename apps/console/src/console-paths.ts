import { CONSOLE_BASE_PATH } from '@mesura/protocol';

/** Must match Vite's `base` ('/consola/'): the server mounts the console there. */
export const CONSOLE_BASENAME = CONSOLE_BASE_PATH;

/** Router paths of the console's screens (inside the basename, with the trailing slash the server's links use). */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/entrar/';
export const PASSWORD_PATH = '/contrasenya/';
export const API_TOKENS_PATH = '/claus-api/';

/** Query parameter of the login and password screens naming the console page to go back to. */
export const RETURN_PARAM = 'torna';
