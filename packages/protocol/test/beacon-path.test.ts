import { describe, expect, it } from 'vitest';
import { beaconPath, parseBeaconPath } from '@mesura/protocol';

describe('parseBeaconPath', () => {
  it.each([
    {
      name: 'the library path',
      path: '/b/ss/ccmaprod/1/JS-2.27.0/s58051498832229',
      expected: { reportSuites: ['ccmaprod'], libraryVersion: 'JS-2.27.0', random: '58051498832229' },
    },
    {
      name: 'a Mesura path',
      path: '/b/ss/mesuradev/1/MESURA-0.1.0/s123',
      expected: { reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: '123' },
    },
    {
      name: 'a comma list of suites (multi-suite tagging)',
      path: '/b/ss/mesuraprod,mesura_global.all-sites/1/JS-2.27.0/s1',
      expected: { reportSuites: ['mesuraprod', 'mesura_global.all-sites'], libraryVersion: 'JS-2.27.0', random: '1' },
    },
    {
      name: 'a percent-encoded comma list',
      path: '/b/ss/mesuraprod%2Cmesurastg/1/JS-2.27.0/s42',
      expected: { reportSuites: ['mesuraprod', 'mesurastg'], libraryVersion: 'JS-2.27.0', random: '42' },
    },
    {
      name: 'a trailing slash',
      path: '/b/ss/mesuradev/1/MESURA-0.1.0/s123/',
      expected: { reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: '123' },
    },
  ])('reads $name', ({ path, expected }) => {
    expect(parseBeaconPath(path)).toEqual({ ok: true, value: expected });
  });

  const malformed = 'malformed beacon path: expected /b/ss/{suites}/1/{version}/s{random}';
  it.each([
    { name: 'another prefix', path: '/b/xx/mesuradev/1/JS-2.27.0/s1', reason: malformed },
    { name: 'the root', path: '/', reason: malformed },
    { name: 'no random segment', path: '/b/ss/mesuradev/1/JS-2.27.0', reason: malformed },
    { name: 'an extra segment', path: '/b/ss/mesuradev/1/JS-2.27.0/s1/x', reason: malformed },
    { name: 'a protocol segment other than 1', path: '/b/ss/mesuradev/2/JS-2.27.0/s1', reason: malformed },
    { name: 'bad percent-encoding', path: '/b/ss/mesura%E0%A4%A/1/JS-2.27.0/s1', reason: 'malformed beacon path: bad percent-encoding' },
    {
      name: 'a suite with a space',
      path: '/b/ss/mesura%20prod/1/JS-2.27.0/s1',
      reason: "bad report suite 'mesura prod' in beacon path: 1 to 40 letters, digits, '_', '.' or '-'",
    },
    {
      name: 'an empty suite in the list',
      path: '/b/ss/mesuraprod,,mesurastg/1/JS-2.27.0/s1',
      reason: "bad report suite '' in beacon path: 1 to 40 letters, digits, '_', '.' or '-'",
    },
    // The quoted suite is clipped at QUOTED_VALUE_MAX_CHARS.
    {
      name: 'a suite of 41 characters',
      path: `/b/ss/${'s'.repeat(41)}/1/JS-2.27.0/s1`,
      reason: `bad report suite '${'s'.repeat(40)}…' in beacon path: 1 to 40 letters, digits, '_', '.' or '-'`,
    },
    {
      name: 'eleven suites',
      path: `/b/ss/${Array.from({ length: 11 }, (_, i) => `rs${i}`).join(',')}/1/JS-2.27.0/s1`,
      reason: 'too many report suites in beacon path: at most 10',
    },
    {
      name: 'an empty library version',
      path: '/b/ss/mesuradev/1//s1',
      reason: "bad library version '' in beacon path: 1 to 40 letters, digits, '_', '.' or '-'",
    },
    {
      name: 'a library version of 41 characters',
      path: `/b/ss/mesuradev/1/${'V'.repeat(41)}/s1`,
      reason: `bad library version '${'V'.repeat(40)}…' in beacon path: 1 to 40 letters, digits, '_', '.' or '-'`,
    },
    {
      name: 'a random without its s',
      path: '/b/ss/mesuradev/1/JS-2.27.0/123',
      reason: "bad random '123' in beacon path: expected 's' then 1 to 32 digits",
    },
    {
      name: 'a random with no digits',
      path: '/b/ss/mesuradev/1/JS-2.27.0/s',
      reason: "bad random 's' in beacon path: expected 's' then 1 to 32 digits",
    },
    {
      name: 'a random with a letter',
      path: '/b/ss/mesuradev/1/JS-2.27.0/s12a',
      reason: "bad random 's12a' in beacon path: expected 's' then 1 to 32 digits",
    },
  ])('refuses $name', ({ path, reason }) => {
    expect(parseBeaconPath(path)).toEqual({ ok: false, reason });
  });
});

describe('beaconPath', () => {
  it('writes the path the library writes', () => {
    expect(beaconPath({ reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: '123456' })).toBe('/b/ss/mesuradev/1/MESURA-0.1.0/s123456');
  });

  it('joins several suites with commas and reads back the same address', () => {
    const address = { reportSuites: ['mesuraprod', 'mesurastg'], libraryVersion: 'MESURA-0.1.0', random: '9' };
    const path = beaconPath(address);
    expect(path).toBe('/b/ss/mesuraprod,mesurastg/1/MESURA-0.1.0/s9');
    expect(parseBeaconPath(path)).toEqual({ ok: true, value: address });
  });

  it('writes what it is given; the collector refuses an address it cannot read back, with the reason', () => {
    const path = beaconPath({ reportSuites: ['mesura prod'], libraryVersion: 'MESURA-0.1.0', random: '1' });
    expect(path).toBe('/b/ss/mesura prod/1/MESURA-0.1.0/s1');
    expect(parseBeaconPath(path)).toEqual({
      ok: false,
      reason: "bad report suite 'mesura prod' in beacon path: 1 to 40 letters, digits, '_', '.' or '-'",
    });
  });
});
