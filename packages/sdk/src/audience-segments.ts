/**
 * The visitor's audience segments (spec §7 "Script loads": the audience-management module), made
 * from what the device already knows: whether the visitor is signed in (the customer ids the site
 * declared, §3, else the data layer's user id) and the reading interests the custom script
 * interessos.js keeps (@mesura/site-property interest-profile.ts). Pure; audience-module.ts reads
 * the page.
 */
import { sectionViews, type InterestProfile } from '@mesura/site-property';

/** A section is an interest from this many page views within the profile's window. */
export const INTEREST_SEGMENT_MIN_VIEWS = 3;
/** Interest segments given at most, the most read first. */
export const INTEREST_SEGMENTS_MAX = 3;
/** A frequent reader has read this many pages within the profile's window. */
export const FREQUENT_READER_MIN_VIEWS = 10;

export interface AudienceFacts {
  signedIn: boolean;
  interests: InterestProfile;
  nowMs: number;
}

/**
 * `usuari:logat` or `usuari:anonim`; `interes:{section}` for each of the most read sections;
 * `lector:frequent` for a visitor who reads often.
 */
export function audienceSegments(facts: AudienceFacts): string[] {
  const views = sectionViews(facts.interests, facts.nowMs);
  const interests = views.filter(([, n]) => n >= INTEREST_SEGMENT_MIN_VIEWS).slice(0, INTEREST_SEGMENTS_MAX);
  const total = views.reduce((sum, [, n]) => sum + n, 0);
  return [facts.signedIn ? 'usuari:logat' : 'usuari:anonim', ...interests.map(([section]) => `interes:${section}`), ...(total >= FREQUENT_READER_MIN_VIEWS ? ['lector:frequent'] : [])];
}
