import { describe, expect, it } from 'vitest';
import { acceptAll, rejectAll } from '../src/choices.js';
import { createConsentState, type ConsentEvent, type ConsentStateOptions } from '../src/consent-state.js';
import { encodeChoice } from '../src/tc-string.js';
import { DAY_MS, MEASUREMENT_ONLY, NOW, THIRTEEN_MONTHS_MS, TODAY, fakeStore, gvl } from './helpers/fixtures.js';

/** The consent interface of packages/tags, copied here: the two packages do not import each other. */
interface ConsentSource {
  hasVendorConsent(vendorId: string | number): boolean;
  automaticHitsDisabled(): boolean;
}

const setUp = (stored?: string, overrides: Partial<ConsentStateOptions> = {}) => {
  const store = fakeStore(stored);
  const clock = { nowMs: NOW };
  const logs: string[] = [];
  const events: ConsentEvent[] = [];
  const state = createConsentState({
    gvl,
    read: store.read,
    write: store.write,
    now: () => clock.nowMs,
    log: (line) => logs.push(line),
    ...overrides,
  });
  state.subscribe((event) => events.push(event));
  return { store, clock, logs, events, state };
};

const storedAcceptAll = () => encodeChoice(acceptAll(gvl), { gvl, now: NOW });

describe('createConsentState with nothing stored', () => {
  it('is unknown, grants nothing, and logs nothing (§4 "unknown")', () => {
    const { state, logs, events, store } = setUp();
    expect(state.status()).toBe('unknown');
    expect(state.choice()).toBeUndefined();
    expect(state.hasVendorConsent('web-analytics')).toBe(false);
    expect(state.hasPurposeConsent(1)).toBe(false);
    expect(state.automaticHitsDisabled()).toBe(true);
    expect([logs, events, store.writes]).toEqual([[], [], []]);
  });
});

describe('createConsentState with a stored choice', () => {
  it('loads a valid choice and emits ready to a subscriber (§4 events ready)', () => {
    const { state, events } = setUp(storedAcceptAll());
    expect(state.status()).toBe('opted-in');
    expect(state.tcString()).toBe(storedAcceptAll());
    expect(events).toEqual([{ type: 'ready' }]);
  });

  it('treats a malformed cookie as no choice, never consent, and logs one debug line', () => {
    const { state, logs, events } = setUp('hello');
    expect(state.status()).toBe('unknown');
    expect(state.hasVendorConsent('web-analytics')).toBe(false);
    expect(events).toEqual([]);
    expect(logs).toEqual(['consent: stored choice ignored, malformed: not a TC string']);
  });

  it("adds the decoder's message when the decoder refused the string", () => {
    const { logs } = setUp(storedAcceptAll().slice(0, 20));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^consent: stored choice ignored, malformed: not a TC string \(.+\)$/);
  });

  it('treats an expired choice as no choice and says why', () => {
    const { state, logs } = setUp(storedAcceptAll());
    expect(state.status()).toBe('opted-in');
    const later = setUp(storedAcceptAll(), { now: () => TODAY + THIRTEEN_MONTHS_MS + DAY_MS });
    expect(later.state.status()).toBe('unknown');
    expect([logs, later.logs]).toEqual([[], ['consent: stored choice ignored, expired: older than 13 months']]);
  });
});

describe('hasVendorConsent', () => {
  it('answers by the rule names and by TCF id, as number or digits (§5)', () => {
    const { state } = setUp(encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW }));
    expect({
      'web-analytics': state.hasVendorConsent('web-analytics'),
      'audience-measurement': state.hasVendorConsent('audience-measurement'),
      personalisation: state.hasVendorConsent('personalisation'),
      'video-analytics': state.hasVendorConsent('video-analytics'),
      1001: state.hasVendorConsent(1001),
      '1002': state.hasVendorConsent('1002'),
      1003: state.hasVendorConsent(1003),
      unknown: state.hasVendorConsent('tracker-we-never-heard-of'),
    }).toEqual({
      'web-analytics': true,
      'audience-measurement': true,
      personalisation: false,
      'video-analytics': false,
      1001: true,
      '1002': true,
      1003: false,
      unknown: false,
    });
  });

  it('does not count a vendor legitimate interest as consent', () => {
    const { state } = setUp(encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW }));
    expect(state.choice()?.vendorLegitimateInterests).toContain(1004);
    expect(state.hasVendorConsent(1004)).toBe(false);
  });

  it('fits the ConsentSource interface of packages/tags', () => {
    const source: ConsentSource = setUp(storedAcceptAll()).state;
    expect([source.hasVendorConsent('web-analytics'), source.automaticHitsDisabled()]).toEqual([true, false]);
  });
});

describe('automaticHitsDisabled', () => {
  it.each([
    { name: 'purposes 1 and 8', purposes: [1, 8], disabled: false },
    { name: 'purpose 1 only', purposes: [1], disabled: true },
    { name: 'purpose 8 only', purposes: [8], disabled: true },
    { name: 'no purpose', purposes: [], disabled: true },
  ])('is $disabled with consent to $name', ({ purposes, disabled }) => {
    const { state } = setUp();
    state.decide({ ...rejectAll(), purposes, vendors: [1001] });
    expect(state.automaticHitsDisabled()).toBe(disabled);
  });
});

describe('decide', () => {
  it('writes the cookie, opts in and emits changed (§4 "opt-in: reporting begins")', () => {
    const { state, store, events } = setUp();
    const tcString = state.decide(acceptAll(gvl));
    expect(store.writes).toEqual([tcString]);
    expect(tcString).toBe(storedAcceptAll());
    expect(state.status()).toBe('opted-in');
    expect(events).toEqual([{ type: 'changed' }]);
  });

  it('opts out when the choice leaves out the web-analytics vendor', () => {
    const { state } = setUp();
    state.decide({ ...acceptAll(gvl), vendors: [1002, 1003, 1004] });
    expect(state.status()).toBe('opted-out');
    expect(state.hasVendorConsent('audience-measurement')).toBe(true);
  });

  it('withdraws at once: accept all, then reject all, flips every vendor to false', () => {
    const { state, store, events } = setUp(storedAcceptAll());
    expect(state.hasVendorConsent('web-analytics')).toBe(true);
    state.decide(rejectAll());
    expect(['web-analytics', 'audience-measurement', 'personalisation', 'video-analytics'].map(state.hasVendorConsent)).toEqual([false, false, false, false]);
    expect(state.status()).toBe('opted-out');
    expect(state.automaticHitsDisabled()).toBe(true);
    expect(store.value).toBe(encodeChoice(rejectAll(), { gvl, now: NOW }));
    expect(events).toEqual([{ type: 'ready' }, { type: 'changed' }]);
  });

  it('dates the string by the injected clock', () => {
    const { state, clock } = setUp();
    clock.nowMs = NOW + 40 * DAY_MS;
    expect(state.decide(rejectAll())).toBe(encodeChoice(rejectAll(), { gvl, now: NOW + 40 * DAY_MS }));
  });

  it('holds what the string says: a vendor outside the list gets no consent', () => {
    const { state } = setUp();
    state.decide({ ...rejectAll(), vendors: [1001, 4242] });
    expect(state.choice()?.vendors).toEqual([1001]);
    expect(state.hasVendorConsent(4242)).toBe(false);
  });
});

describe('subscribe', () => {
  it('stops notifying once unsubscribed', () => {
    const { state } = setUp();
    const heard: ConsentEvent[] = [];
    const unsubscribe = state.subscribe((event) => heard.push(event));
    state.decide(acceptAll(gvl));
    unsubscribe();
    state.decide(rejectAll());
    expect(heard).toEqual([{ type: 'changed' }]);
  });

  it('keeps notifying the other listeners when one throws, and logs it', () => {
    const { state, logs, events } = setUp();
    state.subscribe(() => {
      throw new Error('rule broke');
    });
    state.decide(acceptAll(gvl));
    expect(events).toEqual([{ type: 'changed' }]);
    expect(logs).toEqual(['consent: a changed listener threw: rule broke']);
  });
});
