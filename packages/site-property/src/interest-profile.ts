/**
 * The visitor's reading interests, kept on the device: page views per section and day, written by
 * the custom script interessos.js (under personalisation consent) and read by the audience module
 * (packages/sdk audience-module.ts) to make the visitor's segments. Pure: storage and time are the
 * callers'. Nothing here leaves the browser.
 */

/** localStorage key of the profile. */
export const INTEREST_PROFILE_KEY = 'mesura_interessos';
/** Days a page view counts for; older days are dropped at the next write. */
export const INTEREST_WINDOW_DAYS = 30;
/** Sections kept, the most read first: bounds the stored text whatever the site's sections. */
export const INTEREST_MAX_SECTIONS = 20;
/** Characters of a section name kept (the data layer's `seccio`). */
export const INTEREST_MAX_SECTION_CHARS = 40;

const DAY_MS = 86_400_000;

/** Section → day number (days since the epoch, UTC) → page views that day. */
export type InterestProfile = Record<string, Record<string, number>>;

/** The stored text as a profile; anything malformed reads as an empty one. */
export function readInterestProfile(text: string | null): InterestProfile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '{}');
  } catch {
    return {};
  }
  const profile: InterestProfile = {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return profile;
  for (const [section, days] of Object.entries(parsed)) {
    if (typeof days !== 'object' || days === null) continue;
    const counts = Object.entries(days as Record<string, unknown>).filter((entry): entry is [string, number] => /^\d+$/.test(entry[0]) && Number.isInteger(entry[1]) && (entry[1] as number) > 0);
    if (counts.length > 0) profile[section.slice(0, INTEREST_MAX_SECTION_CHARS)] = Object.fromEntries(counts);
  }
  return profile;
}

/** One page view of `section` at `nowMs`, older days dropped, the least read sections beyond the limit too. */
export function recordSectionView(profile: InterestProfile, section: string, nowMs: number): InterestProfile {
  const name = section.trim().toLowerCase().slice(0, INTEREST_MAX_SECTION_CHARS);
  const today = Math.floor(nowMs / DAY_MS);
  const kept = withinWindow(profile, today);
  if (name !== '') kept[name] = { ...kept[name], [today]: (kept[name]?.[today] ?? 0) + 1 };
  const sections = Object.keys(kept).sort((a, b) => total(kept[b]!) - total(kept[a]!));
  return Object.fromEntries(sections.slice(0, INTEREST_MAX_SECTIONS).map((s) => [s, kept[s]!]));
}

/** Page views per section within the window at `nowMs`, the most read first. */
export function sectionViews(profile: InterestProfile, nowMs: number): Array<[section: string, views: number]> {
  const kept = withinWindow(profile, Math.floor(nowMs / DAY_MS));
  return Object.entries(kept)
    .map(([section, days]): [string, number] => [section, total(days)])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function withinWindow(profile: InterestProfile, today: number): InterestProfile {
  const kept: InterestProfile = {};
  for (const [section, days] of Object.entries(profile)) {
    const recent = Object.entries(days).filter(([day]) => today - Number(day) < INTEREST_WINDOW_DAYS);
    if (recent.length > 0) kept[section] = Object.fromEntries(recent);
  }
  return kept;
}

function total(days: Record<string, number>): number {
  return Object.values(days).reduce((sum, n) => sum + n, 0);
}
