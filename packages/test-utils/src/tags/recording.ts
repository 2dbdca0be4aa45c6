/** A recording `ActionHandlers` and a fake `ConsentSource`. */
import type { ActionHandlers, ConsentSource, PersonalizeInput, SendLinkInput, SendPageViewInput } from '@mesura/tags';

export type Recorded =
  | { action: 'sendPageView'; input: SendPageViewInput }
  | { action: 'sendLink'; input: SendLinkInput }
  | { action: 'clearVariables' }
  | { action: 'personalize'; input: PersonalizeInput };

export interface RecordingHandlers extends ActionHandlers {
  calls: Recorded[];
  /** Only the calls of one action. */
  of<A extends Recorded['action']>(action: A): Array<Extract<Recorded, { action: A }>>;
}

export function recordingHandlers(): RecordingHandlers {
  const calls: Recorded[] = [];
  return {
    calls,
    of: (action) => calls.filter((call) => call.action === action) as never,
    sendPageView: (input) => void calls.push({ action: 'sendPageView', input }),
    sendLink: (input) => void calls.push({ action: 'sendLink', input }),
    clearVariables: () => void calls.push({ action: 'clearVariables' }),
    personalize: (input) => void calls.push({ action: 'personalize', input }),
  };
}

export interface FakeConsent extends ConsentSource {
  vendors: Set<string | number>;
  automaticHitsOff: boolean;
}

export function fakeConsent(vendors: Array<string | number> = [], automaticHitsOff = false): FakeConsent {
  const consent: FakeConsent = {
    vendors: new Set(vendors),
    automaticHitsOff,
    hasVendorConsent: (vendorId) => consent.vendors.has(vendorId),
    automaticHitsDisabled: () => consent.automaticHitsOff,
  };
  return consent;
}
