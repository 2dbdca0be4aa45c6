/**
 * createPersonalization's options, with their defaults (spec §9). Resolved once; the `settings`
 * module of extensions sees the resolved, frozen copy.
 */
import { GLOBAL_MBOX_NAME, PERSONALISATION_VENDOR, REQUEST_TIMEOUT_MS, SANITIZER_URL_DEFAULT } from './constants.js';
import { CLIENT_CODE_REQUIRED, OPTIONS_REQUIRED } from './errors.js';

/** What onJson receives beside a JSON offer: the mbox that answered it and the response's tokens. */
export interface JsonOfferContext {
  mbox: string | undefined;
  responseTokens: Record<string, unknown> | undefined;
}

export interface PersonalizationOptions {
  /** The account: requests go to `/m2/{clientCode}/mbox/json`. Required. */
  clientCode: string;
  /** Origin of the decision server, e.g. `https://stats.example.cat`. Defaults to the page's origin. */
  server?: string;
  /** Name of the request made when the client starts. Defaults to `'target-global-mbox'` (§9). */
  globalMbox?: string;
  /** Make the global request when the client starts. Defaults to true. */
  globalMboxAutoCreate?: boolean;
  /** Parameters of the global request. Defaults to none. */
  globalMboxParams?: Record<string, string>;
  /** Request timeout in ms, for calls that give none. Defaults to 3000 (§9). */
  timeoutMs?: number;
  /** Hide content while personalize() and the global request wait. Defaults to true. */
  bodyHiding?: boolean;
  /** Hide only these selectors instead of the whole body. Defaults to none (the body). */
  hideSelectors?: string[];
  /** The consent vendor personalisation needs. Defaults to `'personalisation'`. */
  consentVendor?: string;
  /** Receives JSON offers (setJson actions). Defaults to none: such offers are logged and skipped. */
  onJson?: (json: unknown, context: JsonOfferContext) => void;
  /**
   * Where the sanitiser bundle is, loaded beside the first request when no `loadSanitizer` is
   * given. Defaults to `'/mesura-sanitize.js'`; `/mesura-personalize.js` passes the one beside itself.
   */
  sanitizerUrl?: string;
}

export type ResolvedOptions = Required<Omit<PersonalizationOptions, 'server' | 'hideSelectors' | 'onJson'>> & Pick<PersonalizationOptions, 'server' | 'hideSelectors' | 'onJson'>;

/**
 * The options with their defaults; throws a TypeError naming the problem when there are none or no
 * clientCode. Options this client does not know are kept, unused (extensions' `settings` shows them).
 */
export function resolveOptions(options: PersonalizationOptions | undefined): ResolvedOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError(OPTIONS_REQUIRED);
  if (typeof options.clientCode !== 'string' || options.clientCode === '') throw new TypeError(CLIENT_CODE_REQUIRED);
  // An option given as undefined takes its default, as one left out does.
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return {
    globalMbox: GLOBAL_MBOX_NAME,
    globalMboxAutoCreate: true,
    timeoutMs: REQUEST_TIMEOUT_MS,
    bodyHiding: true,
    consentVendor: PERSONALISATION_VENDOR,
    sanitizerUrl: SANITIZER_URL_DEFAULT,
    ...given,
    globalMboxParams: { ...options.globalMboxParams },
  } as ResolvedOptions;
}
