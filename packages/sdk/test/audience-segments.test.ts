import { describe, expect, it } from 'vitest';
import { recordSectionView, type InterestProfile } from '@mesura/site-property';
import { FREQUENT_READER_MIN_VIEWS, INTEREST_SEGMENT_MIN_VIEWS, audienceSegments } from '../src/audience-segments.js';

const NOW = Date.UTC(2026, 10, 25, 10);

function profileOf(views: Record<string, number>): InterestProfile {
  let profile: InterestProfile = {};
  for (const [section, n] of Object.entries(views)) for (let i = 0; i < n; i++) profile = recordSectionView(profile, section, NOW);
  return profile;
}

describe('audience segments (§7 the audience-management module)', () => {
  it('says whether the visitor is signed in', () => {
    expect(audienceSegments({ signedIn: true, interests: {}, nowMs: NOW })).toEqual(['usuari:logat']);
    expect(audienceSegments({ signedIn: false, interests: {}, nowMs: NOW })).toEqual(['usuari:anonim']);
  });

  it(`names the three most read sections read ${INTEREST_SEGMENT_MIN_VIEWS} times or more`, () => {
    const interests = profileOf({ esports: 5, politica: 3, cultura: 4, economia: 3, meteo: 2 });
    expect(audienceSegments({ signedIn: false, interests, nowMs: NOW })).toEqual(['usuari:anonim', 'interes:esports', 'interes:cultura', 'interes:economia', 'lector:frequent']);
  });

  it(`calls a visitor with ${FREQUENT_READER_MIN_VIEWS} page views in the window a frequent reader, not before`, () => {
    const almost = profileOf({ esports: 2, meteo: FREQUENT_READER_MIN_VIEWS - 3 });
    expect(audienceSegments({ signedIn: false, interests: almost, nowMs: NOW })).toEqual(['usuari:anonim', 'interes:meteo']);
    const frequent = recordSectionView(almost, 'cultura', NOW);
    expect(audienceSegments({ signedIn: false, interests: frequent, nowMs: NOW })).toContain('lector:frequent');
  });
});
