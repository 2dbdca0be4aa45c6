/** The console's session cookie: its name, the Set-Cookie values, and reading it back. */

export const SESSION_COOKIE_NAME = 'mesura_session';
/** A session secret as newSecret() writes it (base64url of 32 bytes); anything else is ignored. */
const SESSION_SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * HttpOnly (no page script reads it), SameSite=Strict (no other site's page sends it), Path=/
 * (the API and the console share it), Secure when the server is reached over https. No Max-Age:
 * the server ends a session after its idle time, the browser when it closes.
 */
export function sessionCookie(secret: string, secure: boolean): string {
  return `${SESSION_COOKIE_NAME}=${secret}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The well-formed session secret of a Cookie header, if any. */
export function sessionSecretFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE_NAME) continue;
    const value = part.slice(eq + 1).trim();
    if (SESSION_SECRET_FORMAT.test(value)) return value;
  }
  return undefined;
}
