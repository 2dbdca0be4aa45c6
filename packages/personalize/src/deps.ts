/**
 * Everything the client takes from the browser, as parameters: tests pass fake time, a recording
 * transport, a fresh document and a cookie jar, and no module reads a global. browser-deps.ts is the
 * one adapter that does.
 */
import type { Sanitizer } from './sanitizer.js';

/** What a request sends: `fetch`'s init, narrowed to what this client uses. */
export interface SendInit {
  method: 'GET' | 'POST';
  /** `application/x-www-form-urlencoded` on POST. */
  headers?: Record<string, string>;
  body?: string;
  /** Always `'include'`: the server's cookies travel with the request (wire-formats §3). */
  credentials: 'include';
  signal?: AbortSignal;
  /** trackEvent's requests may outlive the page. */
  keepalive?: boolean;
}

/** What a request answers: `fetch`'s Response, narrowed. */
export interface SendResponse {
  status: number;
  text(): Promise<string>;
}

/** `fetch`, narrowed. Rejects on network failure. */
export type Send = (url: string, init: SendInit) => Promise<SendResponse>;

/** `document.cookie` as two calls (the same shape as @mesura/identity's `CookieJar`). */
export interface CookieJar {
  /** All cookies, as `document.cookie` returns them (`a=1; b=2`). */
  get(): string;
  /** Writes one cookie, as assigning `document.cookie` does (`a=1; Max-Age=60; Path=/`). */
  set(cookie: string): void;
}

/** The page's address, and the one way to leave it (redirect offers). */
export interface PageLocation {
  readonly href: string;
  readonly hostname: string;
  readonly protocol: string;
  readonly origin: string;
  readonly search: string;
  replace(url: string): void;
}

/** Sizes the request carries (§7 "screen size, colour depth, time offset"). */
export interface ScreenInfo {
  browser: { height: number; width: number; timeOffsetMin: number };
  screen: { height: number; width: number; colorDepth: number; pixelRatio?: number; orientation?: string };
}

/** The consent state (the same shape as @mesura/tags' `ConsentSource`). */
export interface ConsentSource {
  hasVendorConsent(vendor: string): boolean;
}

/** A customer id as the request carries it (`vst.{type}.id`, `vst.{type}.authState`). */
export interface VisitorCustomerId {
  id: string;
  authState?: number;
}

/** The visitor's ids: the analytics id at once, the customer ids maybe later (§7 "visitor ids"). */
export interface VisitorIdsProvider {
  /** `mboxMCGVID`; absent when there is none. */
  visitorId?(): string | undefined;
  /** By integration code; waited for 2000 ms at most (§9 visitor-API timeout). */
  customerIds?(): Promise<Record<string, VisitorCustomerId>> | Record<string, VisitorCustomerId>;
}

export interface PersonalizationDeps {
  /** Epoch milliseconds. */
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  send: Send;
  document: Document;
  cookies: CookieJar;
  location: PageLocation;
  screenInfo(): ScreenInfo;
  /** A new random id, 32 hexadecimal digits (session, page and request ids). */
  randomId(): string;
  /** Default: no consent at all, so a client nobody wired to consent never sends (§4 "Consent"). */
  consent: ConsentSource;
  /** Default: none. */
  visitorIds: VisitorIdsProvider;
  /** Developer diagnostics (validation messages, §8). Default `console.warn`. */
  warn(message: string): void;
  /**
   * The sanitiser for untrusted offer HTML. Called once, beside the first request; again only
   * after a failure. Default: a `<script>` for the `sanitizerUrl` option (`/mesura-sanitize.js`,
   * sanitizer-script.ts). Tests pass DOMPurify's (dompurify-sanitizer.ts) directly.
   */
  loadSanitizer(): Promise<Sanitizer>;
}

/** Timers and clock, the part most modules need. */
export type Clock = Pick<PersonalizationDeps, 'now' | 'setTimer' | 'clearTimer'>;
