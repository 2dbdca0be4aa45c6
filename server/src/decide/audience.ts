/**
 * Audience matching against what a delivery request tells about the visitor. Everything is read
 * from the request once (`requestContext`), so matching many activities costs no parsing.
 */
import { AUTH_STATE_AUTHENTICATED, type Audience, type DeliveryRequest, type DeviceClass } from '@mesura/protocol';
import { pathMatchesPattern } from './audience-path-pattern.js';

/** The request as audiences see it. */
export interface RequestContext {
  /** Path of `mboxURL` ('' when the request has none). */
  path: string;
  /** Query parameters of `mboxURL`, parsed on first use (few audiences ask). */
  query: () => URLSearchParams;
  device: DeviceClass;
  loggedIn: boolean;
  params: Record<string, string>;
}

export function requestContext(request: DeliveryRequest, device: DeviceClass): RequestContext {
  const { path, query } = splitUrl(request.url);
  const loggedIn = request.params.loggedIn === 'true' || Object.values(request.customerIds).some((c) => c.authState === AUTH_STATE_AUTHENTICATED && c.id !== '');
  let parsed: URLSearchParams | undefined;
  return { path, query: () => (parsed ??= new URLSearchParams(query)), device, loggedIn, params: request.params };
}

/** Path and query of an absolute or relative URL, without URL's cost on the hot path. */
function splitUrl(url: string): { path: string; query: string } {
  const scheme = url.indexOf('://');
  const start = scheme < 0 ? 0 : url.indexOf('/', scheme + 3);
  if (start < 0) return { path: '/', query: '' };
  const rest = url.slice(start);
  const hash = rest.indexOf('#');
  const noHash = hash < 0 ? rest : rest.slice(0, hash);
  const q = noHash.indexOf('?');
  return q < 0 ? { path: noHash, query: '' } : { path: noHash.slice(0, q), query: noHash.slice(q + 1) };
}

export function matchesAudience(audience: Audience | undefined, context: RequestContext): boolean {
  if (!audience) return true;
  if (audience.path && !matchesPath(audience.path, context.path)) return false;
  if (audience.query && !matchesValues(audience.query, (name) => context.query().get(name) ?? undefined)) return false;
  if (audience.device && !audience.device.includes(context.device)) return false;
  if (audience.loggedIn !== undefined && audience.loggedIn !== context.loggedIn) return false;
  if (audience.params && !matchesValues(audience.params, (name) => (Object.hasOwn(context.params, name) ? context.params[name] : undefined))) {
    return false;
  }
  return true;
}

export function matchesPath(condition: NonNullable<Audience['path']>, path: string): boolean {
  if (condition.prefix !== undefined && !path.startsWith(condition.prefix)) return false;
  return pathMatchesPattern(condition, path);
}

function matchesValues(wanted: Record<string, string>, actual: (name: string) => string | undefined): boolean {
  for (const [name, value] of Object.entries(wanted)) {
    const got = actual(name);
    if (got === undefined || (value !== '*' && got !== value)) return false;
  }
  return true;
}
