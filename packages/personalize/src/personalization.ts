/**
 * createPersonalization: the client. Assembles the core, makes the global
 * request, announces itself, and exposes the API. No call throws into the page: problems go to
 * `warn` and to the caller's `error` callback.
 */
import { resolveDeps } from './browser-deps.js';
import { readCookie } from './cookies.js';
import { createCore, type Core } from './core.js';
import type { PersonalizationDeps } from './deps.js';
import { ALREADY_INITIALISED, thrownText, type ErrorStatus } from './errors.js';
import { PERSONALIZATION_EVENTS as EVENTS } from './events.js';
import { createExtensions, type ExtensionModules, type RegisterExtensionOptions } from './extensions.js';
import { fetchOffer, heldMessage } from './fetch-offer.js';
import type { OfferAction } from './offer-actions.js';
import { resolveOptions, type PersonalizationOptions } from './options.js';
import { personalizeFlow, type PersonalizeInput, type PersonalizeOutcome } from './personalize-flow.js';
import { renderOffer, type RenderOutcome } from './render-offer.js';
import { requestOffers } from './request-offers.js';
import { applyOfferProblem, getOfferProblem, mboxCallProblem } from './validation.js';

export interface GetOfferOptions {
  mbox: string;
  /** mbox parameters, as plain keys. */
  params?: Record<string, string>;
  /** Receives the offer: the answer's actions (offer-actions.ts). */
  success: (offer: OfferAction[]) => void;
  /** Receives `('timeout', 'Request timed out')` or `('error', message)` (§8). */
  error: (status: ErrorStatus, message: string) => void;
  /** Milliseconds. Defaults to the client's `timeoutMs` (3000). */
  timeout?: number;
}

export interface ApplyOfferOptions {
  /** Named in the rendering events. */
  mbox?: string;
  /** Where actions without a selector go. */
  selector?: string;
  offer: OfferAction[];
}

export interface TrackEventOptions {
  mbox: string;
  params?: Record<string, string>;
  success?: () => void;
  error?: (status: ErrorStatus, message: string) => void;
  /** Milliseconds. Defaults to the client's `timeoutMs`. */
  timeout?: number;
}

export interface Personalization {
  getOffer(options: GetOfferOptions): Promise<void>;
  applyOffer(options: ApplyOfferOptions): Promise<RenderOutcome | { outcome: 'invalid'; message: string }>;
  /** getOffer + applyOffer with hiding, for the rules runtime's `personalize` action. */
  personalize(input: PersonalizeInput): Promise<PersonalizeOutcome>;
  trackEvent(options: TrackEventOptions): Promise<void>;
  registerExtension(options: RegisterExtensionOptions): void;
  /** What registered extensions returned, by name. */
  readonly ext: Record<string, unknown>;
  /** Hides the body (or the configured selectors) until showBody() or 3000 ms. */
  hideBody(): void;
  /** Shows the page at once. */
  showBody(): void;
}

/** Marks a document whose client exists: one per page (§8 "already initialised"). */
const INITIALISED = Symbol.for('mesura.personalize');

type MarkedDocument = Document & { [INITIALISED]?: Personalization };

export function createPersonalization(options: PersonalizationOptions, given?: Partial<PersonalizationDeps>): Personalization {
  const resolved = resolveOptions(options);
  const deps = resolveDeps(given, resolved.sanitizerUrl);
  const doc = deps.document as MarkedDocument;
  const existing = doc[INITIALISED];
  if (existing) {
    deps.warn(ALREADY_INITIALISED);
    return existing;
  }
  let client: Personalization | undefined;
  const core = createCore(resolved, deps, {
    onClick: (mbox, action) => void client?.trackEvent(clickEvent(mbox, action)),
  });
  client = api(core);
  doc[INITIALISED] = client;
  start(core);
  return client;
}

/** §3: the global request's request-start comes before library-loaded. */
function start(core: Core): void {
  const { options } = core;
  if (core.held()) core.hiding.show();
  else if (options.globalMboxAutoCreate) void personalizeFlow(core, { mbox: options.globalMbox, parameters: options.globalMboxParams });
  core.emit(EVENTS.libraryLoaded);
}

/** trackClick: the action's content names the mbox to notify, else its own; the click token goes along. */
function clickEvent(mbox: string | undefined, action: OfferAction): TrackEventOptions {
  const target = (typeof action.content === 'string' && action.content) || mbox || '';
  return { mbox: target, params: action.clickToken ? { clickToken: action.clickToken } : {} };
}

function api(core: Core): Personalization {
  const { deps } = core;
  const extensions = createExtensions(extensionModules(core), deps.warn);
  return {
    getOffer: (options) => getOffer(core, options),
    async applyOffer(options) {
      const problem = applyOfferProblem(options);
      if (problem) return invalid(core, problem);
      return renderOffer(core, { mbox: options.mbox, selector: options.selector, offer: options.offer });
    },
    personalize: (input) => personalizeFlow(core, input),
    trackEvent: (options) => trackEvent(core, options),
    registerExtension: (options) => extensions.register(options),
    ext: extensions.ext,
    hideBody: () => void core.hiding.hold(),
    showBody: () => core.hiding.show(),
  };
}

function invalid(core: Core, message: string): { outcome: 'invalid'; message: string } {
  core.deps.warn(message);
  return { outcome: 'invalid', message };
}

/** Calls page code; its exception is logged, never thrown into the client. */
function callBack<A extends unknown[]>(core: Core, callback: ((...args: A) => void) | undefined, ...args: A): void {
  try {
    callback?.(...args);
  } catch (error) {
    core.deps.warn(`A callback threw: ${thrownText(error)}`);
  }
}

async function getOffer(core: Core, options: GetOfferOptions): Promise<void> {
  const problem = getOfferProblem(options);
  if (problem) {
    core.deps.warn(problem);
    if (typeof options?.error === 'function') callBack(core, options.error, 'error', problem);
    return;
  }
  const fetched = await fetchOffer(core, { mbox: options.mbox, params: { ...options.params }, timeoutMs: options.timeout ?? core.options.timeoutMs });
  if (fetched.ok) callBack(core, options.success, fetched.actions);
  else callBack(core, options.error, fetched.status, fetched.message);
}

/** A request whose answer is not rendered (a conversion, a click): no events, no hiding. */
async function trackEvent(core: Core, options: TrackEventOptions): Promise<void> {
  const problem = mboxCallProblem(options);
  if (problem) {
    core.deps.warn(problem);
    if (typeof options?.error === 'function') callBack(core, options.error, 'error', problem);
    return;
  }
  const held = core.held();
  if (held) return callBack(core, options.error, 'error', heldMessage(held));
  const timeoutMs = options.timeout ?? core.options.timeoutMs;
  const result = await requestOffers(core, { mbox: options.mbox, params: { ...options.params }, timeoutMs, keepalive: true });
  if (result.ok) callBack(core, options.success);
  else callBack(core, options.error, result.status, result.message);
}

function extensionModules(core: Core): ExtensionModules {
  const { deps } = core;
  return {
    settings: Object.freeze({ ...core.options }),
    logger: { warn: deps.warn },
    events: {
      names: EVENTS,
      on(name, listener) {
        deps.document.addEventListener(name, listener);
        return () => deps.document.removeEventListener(name, listener);
      },
    },
    cookies: { get: (name) => readCookie(deps.cookies, name) },
  };
}
