/**
 * applyOffer's work: renders a list of actions and reports it with the rendering
 * events (§4): start, then no-offers, redirect, succeeded or failed. Each action waits for what it
 * needs, together and up to 5000 ms from the start (§9 selector polling timeout): its elements
 * (and a moveTo's destination), and, when it inserts HTML or sets attributes, the sanitiser bundle (which also holds the trusted
 * activities' policy); the other actions never wait for it. They apply in the offer's order. The
 * page is shown at 3000 ms whatever is awaited. What applied is kept for the page view
 * (offer-keeper.ts).
 */
import { SELECTOR_POLLING_TIMEOUT_MS } from './constants.js';
import type { Clock, PersonalizationDeps } from './deps.js';
import type { ResolvedOptions } from './options.js';
import type { SanitizerLoad } from './sanitizer-load.js';
import { NO_JSON_HANDLER, REDIRECT_REFUSED, SELECTOR_REQUIRED, SELECTORS_NOT_FOUND, UNSUPPORTED_ACTION } from './errors.js';
import { PERSONALIZATION_EVENTS as EVENTS, type EventFields, type PersonalizationEventName } from './events.js';
import type { OfferAction } from './offer-actions.js';
import type { KeepingApply, OfferKeeper } from './offer-keeper.js';
import { isElementAction, moveDestinationOf, needsPolicy } from './render-action.js';
import type { Sanitizer } from './sanitizer.js';
import { waitForSelector } from './selector-wait.js';
import { settleWithin } from './settle-within.js';
import { isTrusted } from './trusted-html.js';

export interface RenderInput {
  mbox: string | undefined;
  /** Where actions without a selector go (an offer's `html`). */
  selector: string | undefined;
  offer: readonly OfferAction[];
}

/** How a rendering ended. A closed set, one per rendering event. */
export type RenderOutcome = { outcome: 'rendered' } | { outcome: 'no-offers' } | { outcome: 'redirected'; url: string } | { outcome: 'rendering-failed'; message: string };

/** What a render needs of the client (core.ts's Core has it all). */
export interface RenderContext {
  deps: Clock & Pick<PersonalizationDeps, 'document' | 'location' | 'warn'>;
  options: Pick<ResolvedOptions, 'globalMbox' | 'onJson'>;
  /** The sanitiser's load (sanitizer-load.ts); `ready` gives undefined when it failed. */
  sanitizer: Pick<SanitizerLoad, 'ready'>;
  /** Starts a render: its applied actions are kept for the page view, across the page's re-renders. */
  keep: OfferKeeper;
  emit(type: PersonalizationEventName, fields: EventFields): void;
  /** trackClick: a click on an offer's element. */
  onClick(mbox: string | undefined, action: OfferAction): void;
}

/** A failed action: a message, or a selector that never matched. */
type Failure = { message: string } | { missing: string };

export async function renderOffer(context: RenderContext, input: RenderInput): Promise<RenderOutcome> {
  const mbox = input.mbox === undefined ? {} : { mbox: input.mbox };
  const apply = context.keep(input.mbox);
  context.emit(EVENTS.contentRenderingStart, mbox);
  if (input.offer.length === 0) {
    context.emit(EVENTS.contentRenderingNoOffers, mbox);
    return { outcome: 'no-offers' };
  }
  const redirect = input.offer.find((action) => action.action === 'redirect');
  if (redirect) return leave(context, String(redirect.content ?? ''), mbox);
  // All wait together; they apply in the offer's order, each to what its selector matches by then,
  // so that a later action (a trackClick) finds what an earlier one put in. An action that throws (a
  // trusted attribute name the DOM refuses…) fails alone, reported like the others.
  const failures: Failure[] = [];
  for (const prepared of input.offer.map((action) => prepareAction(context, input, action, apply))) {
    const failure = await prepared.then((step) => (typeof step === 'function' ? step() : step)).catch((error: unknown): Failure => ({ message: String(error) }));
    if (failure) failures.push(failure);
  }
  if (failures.length === 0) {
    context.emit(EVENTS.contentRenderingSucceeded, mbox);
    return { outcome: 'rendered' };
  }
  const message = failureMessage(failures);
  context.emit(EVENTS.contentRenderingFailed, { ...mbox, message });
  return { outcome: 'rendering-failed', message };
}

function leave(context: RenderContext, url: string, mbox: EventFields): RenderOutcome {
  if (!/^https?:\/\/[^/]/i.test(url)) {
    const message = `${REDIRECT_REFUSED}: ${url}`;
    context.emit(EVENTS.contentRenderingFailed, { ...mbox, message });
    return { outcome: 'rendering-failed', message };
  }
  context.emit(EVENTS.contentRenderingRedirect, { ...mbox, redirect: url });
  context.deps.location.replace(url);
  return { outcome: 'redirected', url };
}

/** An action's own failure, or, once what it needs is there, how to apply it. */
type Prepared = Failure | undefined | (() => Failure | undefined);

async function prepareAction(context: RenderContext, input: RenderInput, action: OfferAction, apply: KeepingApply): Promise<Prepared> {
  // The commercial 1.x library's text change: a setContent of content type text.
  if (action.action === 'setContent' && action.contentType === 'text') action = { ...action, action: 'setText' };
  if (action.action === 'setJson') {
    if (context.options.onJson) context.options.onJson(action.content, { mbox: input.mbox, responseTokens: action.responseTokens });
    else context.deps.warn(NO_JSON_HANDLER);
    return undefined;
  }
  if (!isElementAction(action.action)) return { message: `${UNSUPPORTED_ACTION}: ${action.action}` };
  const target = targetOf(context, input, action);
  if (!target) return { message: `${SELECTOR_REQUIRED}: ${action.action}` };
  // A moveTo waits for its destination too, within the same wait: it may be parsed after the target.
  const destination = moveDestinationOf(target.action);
  const wait = (selector: string) => waitForSelector(context.deps.document, selector, context.deps, SELECTOR_POLLING_TIMEOUT_MS);
  const [appeared, policy, arrived] = await Promise.all([wait(target.selector), policyFor(context, target.action), destination === undefined || wait(destination)]);
  if (!appeared) return { missing: target.selector };
  if (!arrived) return { missing: destination! };
  return () => {
    const current = [...context.deps.document.querySelectorAll(target.selector)];
    if (current.length === 0) return { missing: target.selector };
    const actionContext = { policy, trusted: isTrusted(action.responseTokens), onClick: (clicked: OfferAction) => context.onClick(input.mbox, clicked) };
    const result = apply(target.selector, target.action, current, actionContext);
    return result.ok ? undefined : { message: result.message };
  };
}

/**
 * What turns the action's HTML into nodes and checks its attributes, trusted or not: none for
 * actions that need neither, else the sanitiser, waited for within the action's wait; undefined
 * when it did not come.
 */
async function policyFor(context: RenderContext, action: OfferAction): Promise<Sanitizer | undefined> {
  return needsPolicy(action.action) ? settleWithin(context.sanitizer.ready(), context.deps, SELECTOR_POLLING_TIMEOUT_MS) : undefined;
}

/**
 * The action's own selector (`cssSelector` first, as the commercial library reads it), else
 * applyOffer's `selector`; the global mbox's HTML without either is appended to `head`.
 */
function targetOf(context: RenderContext, input: RenderInput, action: OfferAction): { selector: string; action: OfferAction } | undefined {
  const own = [action.cssSelector, action.selector, input.selector].find((s): s is string => typeof s === 'string' && s !== '');
  if (own) return { selector: own, action };
  if (input.mbox === context.options.globalMbox && action.action === 'setContent') return { selector: 'head', action: { ...action, action: 'appendContent' } };
  return undefined;
}

function failureMessage(failures: readonly Failure[]): string {
  const missing = failures.flatMap((f) => ('missing' in f ? [f.missing] : []));
  // Once each: every HTML action of an offer fails alike when the sanitiser did not load.
  const messages = [...new Set(failures.flatMap((f) => ('message' in f ? [f.message] : [])))];
  if (missing.length > 0) messages.unshift(`${SELECTORS_NOT_FOUND}: ${missing.join(', ')}`);
  return messages.join('; ');
}
