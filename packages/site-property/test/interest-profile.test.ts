import { describe, expect, it } from 'vitest';
import { INTEREST_MAX_SECTIONS, INTEREST_PROFILE_KEY, INTEREST_WINDOW_DAYS, readInterestProfile, recordSectionView, sectionViews } from '../src/interest-profile.js';
import { startInterestRecorder } from '../src/custom-scripts/interessos.js';
import { PAGE_VIEW_EVENT } from '../src/tag-library.js';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 10);

describe('interest profile', () => {
  it('counts page views per section, the most read first', () => {
    let profile = {};
    for (const section of ['esports', 'politica', 'Esports', 'esports']) profile = recordSectionView(profile, section, NOW);
    expect(sectionViews(profile, NOW)).toEqual([
      ['esports', 3],
      ['politica', 1],
    ]);
  });

  it(`forgets page views older than ${INTEREST_WINDOW_DAYS} days`, () => {
    const old = recordSectionView({}, 'cultura', NOW - INTEREST_WINDOW_DAYS * DAY_MS);
    expect(sectionViews(old, NOW)).toEqual([]);
    expect(recordSectionView(old, 'esports', NOW)).toEqual({ esports: { [Math.floor(NOW / DAY_MS)]: 1 } });
  });

  it(`keeps ${INTEREST_MAX_SECTIONS} sections at most, dropping the least read`, () => {
    let profile = recordSectionView({}, 'esports', NOW);
    profile = recordSectionView(profile, 'esports', NOW);
    for (let i = 0; i < INTEREST_MAX_SECTIONS + 5; i++) profile = recordSectionView(profile, `s${i}`, NOW);
    expect(Object.keys(profile)).toHaveLength(INTEREST_MAX_SECTIONS);
    expect(profile.esports).toBeDefined();
  });

  it('reads anything malformed as an empty profile, and drops malformed counts', () => {
    expect(readInterestProfile(null)).toEqual({});
    expect(readInterestProfile('{')).toEqual({});
    expect(readInterestProfile('[1]')).toEqual({});
    expect(readInterestProfile('{"esports":{"20417":2,"x":3,"20418":-1,"20419":1.5},"cultura":7}')).toEqual({ esports: { 20417: 2 } });
  });
});

describe('interessos.js (custom script under personalisation consent)', () => {
  function recorder(initialSection: string | undefined) {
    const stored = new Map<string, string>();
    const listeners: Array<() => void> = [];
    const page = { path: '/noticia/1001/x/', section: initialSection };
    startInterestRecorder({
      path: () => page.path,
      section: () => page.section,
      storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
      now: () => NOW,
      listen: (event, listener) => event === PAGE_VIEW_EVENT && listeners.push(listener),
    });
    const views = () => sectionViews(readInterestProfile(stored.get(INTEREST_PROFILE_KEY) ?? null), NOW);
    const pageView = (path: string, section: string) => {
      Object.assign(page, { path, section });
      listeners.forEach((listener) => listener());
    };
    return { views, pageView, page, listeners };
  }

  it('records the page it was loaded on once, though its page view is announced afterwards', () => {
    const r = recorder('politica');
    r.listeners.forEach((listener) => listener());
    expect(r.views()).toEqual([['politica', 1]]);
  });

  it('records each later page view of the single-page app', () => {
    const r = recorder('politica');
    r.pageView('/noticies/esports/', 'esports');
    r.pageView('/noticia/1002/y/', 'esports');
    expect(r.views()).toEqual([
      ['esports', 2],
      ['politica', 1],
    ]);
  });

  it('records nothing for a page of no section', () => {
    const r = recorder('No informat');
    r.pageView('/el-temps/', '');
    expect(r.views()).toEqual([]);
  });
});
