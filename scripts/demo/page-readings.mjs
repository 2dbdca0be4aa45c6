// What /mesura.js measures on a page view and sends as the page is left (the `pe=eng` hit:
// packages/sdk/src/page-engagement.ts): how long the visitor was engaged with the page and how far
// down it they scrolled. The demo draws both per page type from the time the visitor spent there,
// on the visit's stream of readings (visits.mjs), and says which readings never reach the collector.
import { ENGAGED_MS_MAX } from '@mesura/protocol';
import { chance } from './seeded.mjs';

/** The SDK counts a page's first moments as engaged (arriving is acting): its ENGAGEMENT_IDLE_MS. */
const ARRIVAL_ENGAGED_MS = 5_000;
/**
 * Engaged seconds per page type, log-normal: the median and the spread (σ of the logarithm), long-
 * tailed as reading times are; how much of the page a desktop's first screen shows (percent, a
 * range); and the share of page views scrolled to the end. Articles are read longest and often to
 * the end; the home page is scanned near its top, its foot reached rarely; a player's page counts
 * its playing time besides (pageReading), and the not-found page and the pop-out player fit a
 * screen.
 */
const PROFILES = {
  noticia: { medianS: 45, sigma: 1, firstScreenPct: [15, 30], endShare: 0.4 },
  portada: { medianS: 18, sigma: 0.9, firstScreenPct: [7, 12], endShare: 0.05 },
  seccio: { medianS: 14, sigma: 0.8, firstScreenPct: [10, 20], endShare: 0.08 },
  subseccio: { medianS: 14, sigma: 0.8, firstScreenPct: [12, 25], endShare: 0.1 },
  autor: { medianS: 12, sigma: 0.8, firstScreenPct: [15, 30], endShare: 0.12 },
  tema: { medianS: 12, sigma: 0.8, firstScreenPct: [15, 30], endShare: 0.12 },
  programes: { medianS: 15, sigma: 0.8, firstScreenPct: [12, 22], endShare: 0.1 },
  programa: { medianS: 15, sigma: 0.8, firstScreenPct: [15, 30], endShare: 0.12 },
  video: { medianS: 12, sigma: 0.8, firstScreenPct: [30, 50], endShare: 0.15 },
  audio: { medianS: 12, sigma: 0.8, firstScreenPct: [30, 50], endShare: 0.15 },
  directe: { medianS: 10, sigma: 0.7, firstScreenPct: [45, 70], endShare: 0.2 },
  radio: { medianS: 10, sigma: 0.7, firstScreenPct: [45, 70], endShare: 0.2 },
  'radio-finestra': { medianS: 6, sigma: 0.5, firstScreenPct: [100, 100], endShare: 1 },
  cercador: { medianS: 12, sigma: 0.7, firstScreenPct: [25, 45], endShare: 0.15 },
  temps: { medianS: 25, sigma: 0.8, firstScreenPct: [30, 50], endShare: 0.3 },
  joc: { medianS: 80, sigma: 0.6, firstScreenPct: [40, 70], endShare: 0.6 },
};
/** The not-found page (no page type, status Error404) and any page type the table lacks. */
const SHORT_PAGE = { medianS: 6, sigma: 0.5, firstScreenPct: [100, 100], endShare: 1 };
/** How much of a desktop's first screen the device's shows: a phone's first screen is a smaller part of the page. */
const FIRST_SCREEN_BY_DEVICE = { mobile: 0.55, tablet: 0.8, desktop: 1, tv: 1 };
/**
 * Pages opened in a background tab and closed without being looked at: the meter starts hidden,
 * counts nothing and sends 0 ms with the first screen's depth.
 */
const NEVER_SEEN_SHARE = 0.015;
/**
 * Readings that never arrive. In the middle of a visit almost none: the next page view of the
 * single-page site sends the page's reading first, on a network that works. On the visit's last
 * page more: the tab is closed or the phone locked, and the one beacon sent then (no retry after
 * the page is gone) is lost to a phone out of coverage, a tab killed in the background or a
 * crash; phones lose the most. 3 to 4 % of the demo's page views send none.
 */
const LOST_MID_VISIT_SHARE = 0.005;
const LOST_ON_EXIT_SHARE_BY_DEVICE = { mobile: 0.12, tablet: 0.08, desktop: 0.05, tv: 0.05 };

/** A draw of a normal distribution (Box–Muller), from two of `next`'s. */
function normal(next) {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/**
 * The reading /mesura.js sends for a page view, `{engagedMs, scrollPercent}`, or undefined when it
 * never reaches the collector. `page` as site-pages.mjs makes it; `device` the visitor's; `shownMs`
 * how long the page was open (its page view to its leaving); `playingMs` how long its player
 * played (counted as engaged, as the SDK counts a playing media element); `exit` whether the visit
 * ends here. Every draw comes from `next`, the visit's stream of readings.
 */
export function pageReading(next, { page, device, shownMs, playingMs = 0, exit }) {
  if (chance(next, exit ? (LOST_ON_EXIT_SHARE_BY_DEVICE[device] ?? LOST_MID_VISIT_SHARE) : LOST_MID_VISIT_SHARE)) return undefined;
  const profile = PROFILES[page.fields.pageType] ?? SHORT_PAGE;
  const [low, high] = profile.firstScreenPct;
  const firstScreen = Math.min(100, (low + next() * (high - low)) * (FIRST_SCREEN_BY_DEVICE[device] ?? 1));
  if (chance(next, NEVER_SEEN_SHARE)) return { engagedMs: 0, scrollPercent: Math.round(firstScreen) };
  const browsingMs = profile.medianS * 1000 * Math.exp(profile.sigma * normal(next));
  const engagedMs = Math.round(Math.min(shownMs, ENGAGED_MS_MAX, Math.max(ARRIVAL_ENGAGED_MS, browsingMs + playingMs)));
  // Those the page held longer than its usual reader scroll further and reach its end more often.
  const held = Math.min(1, engagedMs / (2 * profile.medianS * 1000 + playingMs));
  const end = chance(next, Math.min(1, profile.endShare * (0.5 + held)));
  const depth = end ? 100 : firstScreen + (100 - firstScreen) * next() * (0.3 + 0.7 * held);
  return { engagedMs, scrollPercent: Math.min(100, Math.round(depth)) };
}
