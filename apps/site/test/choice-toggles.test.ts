import { acceptAll, createVendorList, rejectAll, VENDOR_IDS } from '@mesura/consent';
import { describe, expect, it } from 'vitest';
import { choiceFromToggles, setToggle, togglesFromChoice, type Toggles } from '../src/consent/choice-toggles';

const gvl = createVendorList();
const ALL_PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const ALL_VENDORS = [1001, 1002, 1003, 1004];
const toggles = (purposes: number[], vendors: number[]): Toggles => ({ purposes: new Set(purposes), vendors: new Set(vendors) });

describe('togglesFromChoice', () => {
  it('starts every switch off for a new visitor', () => {
    expect(togglesFromChoice(undefined)).toEqual(toggles([], []));
  });

  it('starts every switch off after "Rebutja-ho tot"', () => {
    expect(togglesFromChoice(rejectAll())).toEqual(toggles([], []));
  });

  it('starts every switch on after "Accepta-ho tot"', () => {
    expect(togglesFromChoice(acceptAll(gvl))).toEqual(toggles(ALL_PURPOSES, ALL_VENDORS));
  });

  it('counts a purpose or vendor as on when it is allowed on legitimate interest only', () => {
    const choice = { ...rejectAll(), legitimateInterests: [10], vendorLegitimateInterests: [1004] };
    expect(togglesFromChoice(choice)).toEqual(toggles([10], [1004]));
  });
});

describe('setToggle', () => {
  it('switches one purpose on without touching the vendors or the original', () => {
    const before = toggles([1], [1001]);
    expect(setToggle(before, 'purposes', 8, true)).toEqual(toggles([1, 8], [1001]));
    expect(before).toEqual(toggles([1], [1001]));
  });

  it('switches one vendor off', () => {
    expect(setToggle(toggles([1], [1001, 1002]), 'vendors', 1001, false)).toEqual(toggles([1], [1002]));
  });
});

describe('choiceFromToggles', () => {
  it('gives no consent and objects to every legitimate interest when all is off', () => {
    expect(choiceFromToggles(toggles([], []), gvl)).toEqual(rejectAll());
  });

  it('gives what "Accepta-ho tot" gives when all is on, except the special features no switch shows', () => {
    expect(choiceFromToggles(toggles(ALL_PURPOSES, ALL_VENDORS), gvl)).toEqual({ ...acceptAll(gvl), specialFeatures: [] });
  });

  it('adds legitimate interest only for purposes some vendor declares it for (9 and 10)', () => {
    const choice = choiceFromToggles(toggles([1, 8, 9, 10], []), gvl);
    expect(choice.purposes).toEqual([1, 8, 9, 10]);
    expect(choice.legitimateInterests).toEqual([9, 10]);
  });

  it('gives web analytics consent and legitimate interest, and nothing to the vendors left off', () => {
    const choice = choiceFromToggles(toggles([1, 8], [VENDOR_IDS['web-analytics']]), gvl);
    expect(choice.vendors).toEqual([1001]);
    expect(choice.vendorLegitimateInterests).toEqual([1001]);
  });

  it('gives audience measurement no legitimate interest, since it declares none', () => {
    const choice = choiceFromToggles(toggles([], [VENDOR_IDS['audience-measurement']]), gvl);
    expect(choice.vendors).toEqual([1002]);
    expect(choice.vendorLegitimateInterests).toEqual([]);
  });

  it('ignores ids that are not in the vendor list', () => {
    expect(choiceFromToggles(toggles([99], [4242]), gvl)).toEqual(rejectAll());
  });

  it('round-trips a stored choice through the switches unchanged', () => {
    const stored = choiceFromToggles(toggles([1, 8, 9], [1001, 1004]), gvl);
    expect(choiceFromToggles(togglesFromChoice(stored), gvl)).toEqual(stored);
  });
});
