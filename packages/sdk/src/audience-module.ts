/**
 * `/mesura-audience.js`, the audience-management module (spec §7 "Script loads"): the property's
 * `audience measurement` rule loads it under the audience-measurement vendor's consent (§4, §5).
 * It exposes the visitor's segments (audience-segments.ts) as `window.mesuraAudience.segments()`,
 * read afresh at each call, and announces them once with `mesura:audience-ready` (`detail.segments`)
 * for page code that came first. Nothing is sent anywhere.
 */
import { INTEREST_PROFILE_KEY, readInterestProfile } from '@mesura/site-property';
import { audienceSegments } from './audience-segments.js';
import { AUDIENCE_NAMESPACE, AUDIENCE_READY_EVENT } from './constants.js';
import type { MesuraGlobal } from './mesura-global.js';

const page = window as unknown as Record<string, unknown> & {
  mesura?: Partial<MesuraGlobal>;
  mesuraData?: { user?: { idUsuari?: unknown } };
};

/** Signed in: a customer id declared authenticated (§3 authState 1), else a user id in the data layer. */
function signedIn(): boolean {
  const ids = Object.values(page.mesura?.customerIds?.() ?? {});
  if (ids.length > 0) return ids.some((id) => id.authState === 1);
  return typeof page.mesuraData?.user?.idUsuari === 'string' && page.mesuraData.user.idUsuari !== '';
}

function storedInterests(): string | null {
  try {
    return localStorage.getItem(INTEREST_PROFILE_KEY);
  } catch {
    return null;
  }
}

const segments = () => audienceSegments({ signedIn: signedIn(), interests: readInterestProfile(storedInterests()), nowMs: Date.now() });

page[AUDIENCE_NAMESPACE] = { segments };
dispatchEvent(new CustomEvent(AUDIENCE_READY_EVENT, { detail: { segments: segments() } }));
