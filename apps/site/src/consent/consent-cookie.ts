/**
 * The `euconsent-v2` cookie as text: read from `document.cookie`, written as a `Set-Cookie`-style
 * string for `document.cookie = …`. Pure, so the browser adapter (start-consent.ts) only assigns.
 */
import { CONSENT_COOKIE_MAX_AGE_S, CONSENT_COOKIE_NAME } from '@mesura/consent/head';

/**
 * A cookie's value in `document.cookie` text, `undefined` when absent. The first one wins, as
 * browsers list the most specific path first. A value that is not valid percent-encoding is kept
 * as it is: the consent state then refuses it as malformed, which shows the banner.
 */
export function readCookie(cookieText: string, name: string): string | undefined {
  for (const pair of cookieText.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const raw = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface ConsentCookieOptions {
  /** Whether the page is served over https; the cookie is then `Secure`. */
  secure: boolean;
}

/**
 * The assignment that stores a TC string: first-party (no Domain, so only this host reads it), for
 * the whole site, 13 months. `SameSite=Lax` because the choice must also hold on a page reached
 * from a link on another site. TC strings are base64url, so the value needs no encoding.
 */
export function consentCookie(tcString: string, { secure }: ConsentCookieOptions): string {
  const attributes = [`Max-Age=${CONSENT_COOKIE_MAX_AGE_S}`, 'Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return [`${CONSENT_COOKIE_NAME}=${tcString}`, ...attributes].join('; ');
}
