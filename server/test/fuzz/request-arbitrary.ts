/**
 * Requests as an attacker writes them, generated for a route the server registered: its method or
 * another, its path with every parameter and wildcard filled with hostile segments, a query of
 * known and unknown names, headers the server reads (valid values mutated by one character, huge,
 * repeated, malformed cookies and Authorization, x-mesura-* headers) and bodies of every shape.
 * Mutating real values (a real key, a real token) is how a fuzzer reaches the checks that only a
 * value of the right length or prefix gets to.
 */
import fc from 'fast-check';
import type { RegisteredRoute } from '../../src/auth/auth-guard.js';
import { ROLES, type Role } from '../../src/shared/roles.js';
import type { RawRequest } from './raw-request.js';

/** Real values a well-formed request carries, for the mutations to start from. */
export interface FuzzCorpus {
  backfillKey: string;
  siteOrigin: string;
  tokens: Readonly<Record<Role, string>>;
  sessionCookies: Readonly<Record<Role, string>>;
  /** Ids that name something the server holds (an activity, a user), for the paths' parameters. */
  ids: readonly string[];
  /** Bodies a route accepts (an activity, a new user), for the mutations to start from. */
  bodies: readonly Record<string, unknown>[];
}

/** Who sends the request. */
export type FuzzPrincipal = { kind: 'anonymous' } | { kind: 'signed-in'; role: Role; via: 'token' | 'session' };

export interface FuzzCase {
  route: RegisteredRoute;
  principal: FuzzPrincipal;
  request: RawRequest;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Methods Node's parser refuses or no route declares. */
const ODD_METHODS = ['TRACE', 'PROPFIND', 'CONNECT', 'get', 'P0ST', 'X'.repeat(40)];
/** Query names the routes read, and a few every web server is probed with. */
const QUERY_NAMES = [
  'from',
  'to',
  'suite',
  'limit',
  'offset',
  'sort',
  'order',
  'filter',
  'filters',
  'segment',
  'dimension',
  'dimensions',
  'metric',
  'metrics',
  'breakdown',
  'q',
  'page',
  'format',
  'day',
  'granularity',
  'compare',
  'torna',
  'activity',
  'experience',
  'preview',
  'mbox',
  'id',
  'code',
  'type',
  'since',
  'before',
  'cursor',
  'search',
  'token',
  'gdpr',
  'gdpr_consent',
  'mid',
  'callback',
  '__proto__',
  'constructor',
];
const HEADER_NAMES = [
  'x-mesura-backfill',
  'x-mesura-received-at',
  'authorization',
  'cookie',
  'content-type',
  'origin',
  'referer',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-proto',
  'accept-encoding',
  'accept',
  'accept-language',
  'range',
  'if-none-match',
  'if-modified-since',
  'sec-fetch-site',
  'content-encoding',
  'x-http-method-override',
  'expect',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/plain;charset=UTF-8',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=latin1',
  '',
  ';;;',
  'application/json, text/plain',
];
/** Large enough to pass the server's header limit (16 KiB) and its body limit. */
const HUGE_CHARS = 20_000;

/** Any one Unicode character: controls, non-ASCII, astral (two UTF-16 units), lone surrogates. */
const anyChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0xff }),
    fc.integer({ min: 0x100, max: 0xd7ff }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.integer({ min: 0x10000, max: 0x10ffff }),
  )
  .map((code) => String.fromCodePoint(code));

/** `value` with one character replaced, one cut off the end, or something added. */
function mutated(value: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(fc.nat({ max: Math.max(0, value.length - 1) }), anyChar).map(([at, char]) => value.slice(0, at) + char + value.slice(at + 1)),
    fc.nat({ max: value.length }).map((length) => value.slice(0, length)),
    fc.string({ unit: 'binary', maxLength: 8 }).map((tail) => value + tail),
    fc.constant(value),
  );
}

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: HUGE_CHARS }).map((length) => 'a'.repeat(length)) },
);

/** A path segment: an id the server holds, plausible, percent-encoded from any text, badly encoded, or a dot segment. */
const segmentOf = (corpus: FuzzCorpus) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...corpus.ids) },
    { weight: 3, arbitrary: fc.constantFrom('x', '1', '1001', 'portada', 'mesuradev', 'index.m3u8', 'a-b', 'main.js') },
    { weight: 3, arbitrary: text.map((value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '?'))) },
    { weight: 2, arbitrary: fc.constantFrom('..', '.', '', '%2e%2e', '%2F', '%5C', '%00', '%zz', '%C3', '%C0%AF', 'a%20b', '..%2f..%2f', '%25') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 20 }) },
  );

/** The route's pattern with each `:name` and `*` filled in. */
function pathFor(pattern: string, corpus: FuzzCorpus): fc.Arbitrary<string> {
  const segment = segmentOf(corpus);
  const parts = pattern.split(/(:[A-Za-z]+|\*)/);
  return fc
    .tuple(...parts.map((part) => (part === '*' ? fc.array(segment, { maxLength: 4 }).map((segments) => segments.join('/')) : part.startsWith(':') ? segment : fc.constant(part))))
    .map((filled) => filled.join(''));
}

const queryValue = fc.oneof(
  text.map((value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '?'))),
  fc.constantFrom('2026-11-01', '2026-02-30', '-1', '0', '99999999999999999999', 'true', '[]', '{}', "' OR 1=1 --", '%', '%zz', '/\\evil.example'),
);
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), text.map(encodeURIComponent)), queryValue), { maxLength: 6 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`));

/**
 * A header: a real value of the header that carries it, mutated (where a check on its length or
 * prefix lets it through to deeper code), or any value under any name the server reads.
 */
function header(corpus: FuzzCorpus): fc.Arbitrary<[string, string]> {
  const named = (name: string, value: fc.Arbitrary<string>) => value.map((mutant): [string, string] => [name, mutant]);
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...HEADER_NAMES), text) },
    { weight: 1, arbitrary: named('x-mesura-backfill', mutated(corpus.backfillKey)) },
    {
      weight: 1,
      arbitrary: named(
        'authorization',
        fc.constantFrom(...Object.values(corpus.tokens)).chain((token) => mutated(`Bearer ${token}`)),
      ),
    },
    { weight: 1, arbitrary: named('cookie', fc.constantFrom(...Object.values(corpus.sessionCookies)).chain(mutated)) },
    { weight: 1, arbitrary: named('cookie', fc.constantFrom('mesura_session=', '=;;=', 'mesura_session=%; mesura_session=x', `${'a'.repeat(500)}=1`, 'mesura_session')) },
    { weight: 1, arbitrary: named('authorization', fc.constantFrom('Bearer ', 'Basic Og==', 'Bearer mesura_', 'bearer x')) },
    { weight: 1, arbitrary: named('origin', mutated(corpus.siteOrigin)) },
    { weight: 1, arbitrary: named('content-type', fc.constantFrom(...CONTENT_TYPES)) },
  );
}

/** `value` with one field dropped or given another value, or as it is. */
function mutatedObject(value: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(value);
  return fc.oneof(
    fc.constant(value),
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(value).filter(([name]) => name !== key))),
    fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 })).map(([key, other]) => ({ ...value, [key]: other })),
  );
}

const bodyOf = (corpus: FuzzCorpus) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...corpus.bodies)
        .chain(mutatedObject)
        .map((value) => Buffer.from(JSON.stringify(value))),
    },
    { weight: 2, arbitrary: fc.constant(new Uint8Array()) },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(fc.constantFrom('email', 'password', 'currentPassword', 'newPassword', 'role', 'name', 'torna', 'answer', 'code'), fc.oneof(text, fc.integer(), fc.constant(null)))
        .map((value) => Buffer.from(JSON.stringify(value))),
    },
    { weight: 2, arbitrary: query.map((value) => Buffer.from(value.slice(1))) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    { weight: 1, arbitrary: fc.integer({ min: 100_000, max: 300_000 }).map((length) => Buffer.alloc(length, 0x61)) },
  );

/** Anyone: anonymous, or signed in with each role by token or session. */
export const anyPrincipal: fc.Arbitrary<FuzzPrincipal> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'anonymous' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('signed-in' as const), role: fc.constantFrom(...ROLES), via: fc.constantFrom('token' as const, 'session' as const) }) },
);

/** The headers that make the request come from `who`: a token, or a session cookie and (mostly) the site's Origin. */
function credentials(who: FuzzPrincipal, corpus: FuzzCorpus): fc.Arbitrary<[string, string][]> {
  if (who.kind === 'anonymous') return fc.constant([]);
  if (who.via === 'token') return fc.constant([['authorization', `Bearer ${corpus.tokens[who.role]}`]]);
  const cookie: [string, string] = ['cookie', corpus.sessionCookies[who.role]];
  return fc.boolean().map((withOrigin) => (withOrigin ? [cookie, ['origin', corpus.siteOrigin]] : [cookie]));
}

/** One generated request against one of `routes`, from one of `principals` (default anyone). */
export function fuzzCase(routes: readonly RegisteredRoute[], corpus: FuzzCorpus, principals: fc.Arbitrary<FuzzPrincipal> = anyPrincipal): fc.Arbitrary<FuzzCase> {
  return fc.record({ route: fc.constantFrom(...routes), principal: principals }).chain(({ route, principal: who }) =>
    fc
      .record({
        method: fc.oneof({ weight: 8, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) }),
        path: pathFor(route.url, corpus),
        query,
        credentials: credentials(who, corpus),
        headers: fc.array(header(corpus), { maxLength: 6 }),
        body: bodyOf(corpus),
      })
      .map(({ method, path, query: search, credentials: signedIn, headers, body: bytes }) => {
        const request = {
          method,
          target: `${path.startsWith('/') ? '' : '/'}${path}${search}`,
          headers: [...signedIn, ...headers],
          body: method === 'GET' || method === 'HEAD' ? new Uint8Array() : bytes,
        };
        return { route, principal: who, request, [fc.toStringMethod]: () => describeCase(route, who, request) };
      }),
  );
}

/** A case short enough to read in a failure (a header can be 20,000 characters, a body 300 KB). */
export function describeCase(route: RegisteredRoute, who: FuzzPrincipal, request: RawRequest): string {
  const { method, target, headers, body } = request;
  const short = (value: string) => (value.length > 120 ? `${value.slice(0, 120)}… (${value.length} characters)` : value);
  return JSON.stringify({
    route: `${route.method} ${route.url}`,
    principal: who,
    method,
    target: short(target),
    headers: headers.map(([name, value]) => [name, short(value)]),
    bodyBytes: body?.length ?? 0,
  });
}

/**
 * A request as the console would make it, from `principals`: the route's own method, its
 * parameters filled with ids the server holds, a body that a route accepts (mutated by one field
 * at most) and nothing hostile besides. Where fuzzCase looks for what breaks the parsers, this
 * looks for a change that goes through without the role it needs.
 */
export function wellFormedCase(routes: readonly RegisteredRoute[], corpus: FuzzCorpus, principals: fc.Arbitrary<FuzzPrincipal>): fc.Arbitrary<FuzzCase> {
  return fc.record({ route: fc.constantFrom(...routes), principal: principals }).chain(({ route, principal: who }) => {
    const parts = route.url.split(/(:[A-Za-z]+|\*)/).map((part) => (part === '*' || part.startsWith(':') ? fc.constantFrom(...corpus.ids) : fc.constant(part)));
    return fc
      .record({
        path: fc.tuple(...parts).map((filled) => filled.join('')),
        credentials: credentials(who, corpus),
        body: fc.constantFrom(...corpus.bodies).chain(mutatedObject),
      })
      .map(({ path, credentials: signedIn, body }) => {
        const request = { method: route.method, target: path, headers: [...signedIn, ['content-type', 'application/json'] as [string, string]], body: Buffer.from(JSON.stringify(body)) };
        return { route, principal: who, request, [fc.toStringMethod]: () => describeCase(route, who, request) };
      });
  });
}
