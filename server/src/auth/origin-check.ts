/**
 * Cross-site request forgery defence for cookie-authenticated changes (besides SameSite=Strict):
 * a state-changing request must say it comes from one of the server's own origins.
 */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING_METHODS.has(method.toUpperCase());
}

/**
 * The origins the console is served from: the public URL's when one is configured, else the
 * site origins (by default the server's own on localhost and 127.0.0.1).
 */
export function consoleOrigins(publicUrl: URL | undefined, siteOrigins: readonly string[]): ReadonlySet<string> {
  return new Set(publicUrl ? [publicUrl.origin] : siteOrigins);
}

/** A missing Origin is refused too: browsers send one with every state-changing fetch. */
export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  return origin !== undefined && allowed.has(origin);
}
