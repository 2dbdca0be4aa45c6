import { describe, expect, it } from 'vitest';
import { tcfConsent, type TcData } from '../src/tcf-consent.js';

/** A CMP's `__tcfapi` that the test drives: `answer` calls every listener. */
function fakeCmp() {
  const listeners: ((data: TcData, success: boolean) => void)[] = [];
  return {
    tcfapi: (command: string, _version: number, callback: (data: TcData, success: boolean) => void) => {
      if (command === 'addEventListener') listeners.push(callback);
    },
    answer: (data: TcData, success = true) => listeners.forEach((listener) => listener(data, success)),
  };
}

const choice = (purposes: number[], vendors: number[], eventStatus = 'useractioncomplete'): TcData => ({
  eventStatus,
  gdprApplies: true,
  purpose: { consents: Object.fromEntries(purposes.map((p) => [p, true])) },
  vendor: { consents: Object.fromEntries(vendors.map((v) => [v, true])) },
});

function setUp() {
  const cmp = fakeCmp();
  const signals: string[] = [];
  const consent = tcfConsent({
    tcfapi: cmp.tcfapi,
    vendorIds: { 'web-analytics': 1001, 'audience-measurement': 1002 },
    vendorPurposes: [1],
    automaticHitPurposes: [1, 8],
    onSignal: (kind) => signals.push(kind),
  });
  return { cmp, signals, consent, settle: () => new Promise<void>((resolve) => queueMicrotask(resolve)) };
}

describe('tcfConsent: the rules read the visitor choice from __tcfapi', () => {
  it('allows nothing before the CMP has answered with a choice (the banner being shown is no choice)', async () => {
    const { cmp, consent, signals, settle } = setUp();
    expect(consent.hasVendorConsent('web-analytics')).toBe(false);
    expect(consent.automaticHitsDisabled()).toBe(true);
    cmp.answer(choice([1, 8], [1001], 'cmpuishown'));
    await settle();
    expect(consent.hasVendorConsent('web-analytics')).toBe(false);
    expect(signals).toEqual([]);
  });

  it('signals ready on the first choice and changed afterwards; a withdrawal closes at once', async () => {
    const { cmp, consent, signals, settle } = setUp();
    cmp.answer(choice([1, 8], [1001, 1002], 'tcloaded'));
    expect(consent.hasVendorConsent('web-analytics')).toBe(true);
    expect(consent.hasVendorConsent(1002)).toBe(true);
    expect(consent.automaticHitsDisabled()).toBe(false);
    cmp.answer(choice([], []));
    expect(consent.hasVendorConsent('web-analytics')).toBe(false);
    await settle();
    expect(signals).toEqual(['ready', 'changed']);
  });

  it('needs purpose 1 besides the vendor, and purpose 8 for automatic hits; unknown vendors never have consent', () => {
    const { cmp, consent } = setUp();
    cmp.answer(choice([8], [1001]));
    expect(consent.hasVendorConsent('web-analytics')).toBe(false);
    cmp.answer(choice([1], [1001]));
    expect(consent.hasVendorConsent('web-analytics')).toBe(true);
    expect(consent.automaticHitsDisabled()).toBe(true);
    expect(consent.hasVendorConsent('personalisation')).toBe(false);
  });

  it('allows everything where the GDPR does not apply, and ignores failed answers', () => {
    const { cmp, consent } = setUp();
    cmp.answer({ eventStatus: 'tcloaded', gdprApplies: false });
    expect(consent.hasVendorConsent('web-analytics')).toBe(true);
    expect(consent.automaticHitsDisabled()).toBe(false);
    cmp.answer(choice([], []), false);
    expect(consent.hasVendorConsent('web-analytics')).toBe(true);
  });
});
