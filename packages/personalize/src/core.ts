/**
 * What every API call shares: dependencies, options, the session, the hiding, the sanitiser's
 * load, the renderer, and the gate that says whether a request may go. Made once per client; no
 * module-level state.
 */
import { canSaveCookies } from './cookies.js';
import { heldReason, type HeldReason } from './delivery-gate.js';
import type { PersonalizationDeps } from './deps.js';
import { DELIVERY_DISABLED } from './errors.js';
import { emit, type EventFields, type PersonalizationEventName } from './events.js';
import { createHiding, type Hiding } from './hiding.js';
import type { ResolvedOptions } from './options.js';
import type { OfferAction } from './offer-actions.js';
import { createOfferKeeper, type OfferKeeper } from './offer-keeper.js';
import { createSanitizerLoad, type SanitizerLoad } from './sanitizer-load.js';
import { createSession, type Session } from './session.js';

/** Also what a request and a render need (request-offers.ts's RequestEnv, render-offer.ts's RenderContext). */
export interface Core {
  deps: PersonalizationDeps;
  options: ResolvedOptions;
  session: Session;
  hiding: Hiding;
  /** Started by each delivery request, awaited by the renderer. */
  sanitizer: SanitizerLoad;
  /** `mboxPage`: one id per page load. */
  pageId: string;
  /** The page's next request number (`mboxCount`). */
  nextCount(): number;
  /** Starts a render (offer-keeper.ts). */
  keep: OfferKeeper;
  /** trackClick actions report here. */
  onClick: CoreHooks['onClick'];
  emit(type: PersonalizationEventName, fields?: EventFields): void;
  /** Why no request may go now; undefined when one may (delivery-gate.ts). */
  held(): HeldReason | undefined;
  /** Ends the hold on the head snippet's hiding style, if there was one. */
  releasePrehide(): void;
}

export interface CoreHooks {
  /** trackClick actions report here. */
  onClick(mbox: string | undefined, action: OfferAction): void;
}

export function createCore(options: ResolvedOptions, deps: PersonalizationDeps, hooks: CoreHooks): Core {
  const secure = deps.location.protocol === 'https:';
  const session = createSession(deps, secure, () => consented(deps, options.consentVendor));
  const hiding = createHiding(deps, options.hideSelectors);
  const prehide = hiding.adopt();
  const sanitizer = createSanitizerLoad(() => deps.loadSanitizer(), deps.warn);
  let count = 0;
  const core: Core = {
    deps,
    options,
    session,
    hiding,
    sanitizer,
    pageId: deps.randomId(),
    nextCount: () => (count += 1),
    keep: createOfferKeeper(deps.document, deps.location, deps.warn),
    onClick: hooks.onClick,
    emit: (type, fields) => emit(deps.document, type, session.tracking(), fields),
    held: createGate(options, deps, session),
    releasePrehide: () => prehide?.(),
  };
  return core;
}

/** The gate: consent first, then the disable parameter and cookie, then whether cookies can be saved. */
function createGate(options: ResolvedOptions, deps: PersonalizationDeps, session: Session): () => HeldReason | undefined {
  let cookiesSavable: boolean | undefined;
  let warned = false;
  return () => {
    const reason = heldReason({
      consented: consented(deps, options.consentVendor),
      cookiesSavable: () => (cookiesSavable ??= canSaveCookies(deps.cookies, deps.location.protocol === 'https:')),
      disableCookie: session.disableCookie(),
      search: deps.location.search,
    });
    // The parameter disables the following pages too, for the default day (§9).
    if (reason === 'disable-param') session.disable();
    if (reason !== undefined && reason !== 'no-consent' && !warned) {
      warned = true;
      deps.warn(DELIVERY_DISABLED);
    }
    return reason;
  };
}

function consented(deps: PersonalizationDeps, vendor: string): boolean {
  try {
    return deps.consent.hasVendorConsent(vendor) === true;
  } catch {
    return false;
  }
}
