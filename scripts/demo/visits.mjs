// A day of visits: when they start (a daily rhythm in the site's time zone, more phones in the
// evening), who makes them (returning visitors of the pool), where they come from (search engines,
// social networks, other sites, direct; `ext` campaigns), the pages they open one after another
// (`int` campaigns on the home page's links), and what they do there (direct calls, exit links,
// media sessions). Each visit is drawn from its own seeded source: a day is the same on every run.
import { around, chance, popular, randomFor, weighted } from './seeded.mjs';
import { visitorFor } from './visitors.mjs';
import { liveEventVisits } from './live-event.mjs';
import { pageCalls } from './page-calls.mjs';
import { nextPage, landingPage } from './page-choice.mjs';
import { mediaSession, watchSeconds } from './media-sessions.mjs';
import { articlePage, withQueryParam } from './site-pages.mjs';
import { activityOf, decisionOf, followsUpWithNews } from './experiments.mjs';
import { pageReading } from './page-readings.mjs';
import { SITE_ORIGIN, visitBrowser } from './visitor-browser.mjs';

const HOUR_MS = 3_600_000;
/** Visit starts per local hour: quiet at night, a morning peak, the evening's larger one. */
const HOUR_WEIGHTS = [1.1, 0.6, 0.4, 0.3, 0.3, 0.5, 1.3, 2.6, 3.4, 3.0, 2.7, 2.6, 2.9, 3.1, 2.6, 2.3, 2.3, 2.6, 3.0, 3.5, 3.9, 4.1, 3.2, 1.9];
/** Hours when a desktop visitor is half as likely: at home in the evening, phones and televisions. */
const EVENING_HOURS = new Set([20, 21, 22, 23, 0]);
const REFERRERS = [
  [null, 0.42],
  ['https://www.google.com/', 0.27],
  ['https://www.bing.com/', 0.03],
  ['https://duckduckgo.com/', 0.02],
  ['https://m.facebook.com/', 0.06],
  ['https://t.co/', 0.04],
  ['https://www.instagram.com/', 0.02],
  ['https://l.threads.com/', 0.01],
  ['https://www.vilaweb.cat/', 0.05],
  ['https://www.ara.cat/', 0.04],
  ['https://www.elnacional.cat/', 0.02],
  ['https://www.xtec.cat/', 0.02],
];
/** `ext` campaigns (case-insensitive, spec §7): the newsletter, social posts, a podcast promotion. */
const EXTERNAL_CAMPAIGNS = [
  ['butlleti-matinal', 3],
  ['xarxes-directe', 2],
  ['Promo-Podcast-Tardor', 1],
  ['cartell-metro', 0.5],
];
const EXTERNAL_CAMPAIGN_SHARE = 0.07;
const MEAN_READ_MS = 75_000;
const MEAN_PAGES = 2.6;

/** The first instant of each local hour of `day` (YYYY-MM-DD) in `timeZone`, found by probing. */
export function localHours(day, timeZone) {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' });
  const hours = [];
  for (let ms = Date.parse(`${day}T00:00:00Z`) - 14 * HOUR_MS; ms < Date.parse(`${day}T00:00:00Z`) + 38 * HOUR_MS; ms += HOUR_MS) {
    const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
    if (`${parts.year}-${parts.month}-${parts.day}` === day) hours.push({ hour: Number(parts.hour), startMs: ms });
  }
  return hours;
}

/**
 * The requests of `day`'s visits that start before `untilMs`: `{site, suite, timeZone,
 * visitorsPerDay, tcString, searches, experiments}` come from the CLI (demo.mjs). Visits are
 * returned too, for the experiments' decisions.
 */
export function dayVisits(day, options) {
  const { visitorsPerDay, timeZone, untilMs } = options;
  const hours = localHours(day, timeZone);
  const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
  const total = Math.round(visitorsPerDay * (weekend ? 0.85 : 1) * (0.93 + randomFor(day, 'volume')() * 0.14));
  const weightSum = hours.reduce((sum, h) => sum + HOUR_WEIGHTS[h.hour], 0);
  const requests = [];
  const visits = [];
  let n = 0;
  for (const { hour, startMs } of hours) {
    const count = Math.round((total * HOUR_WEIGHTS[hour]) / weightSum);
    for (let i = 0; i < count; i++, n++) {
      const next = randomFor(day, 'visit', n);
      const atMs = startMs + Math.floor(next() * HOUR_MS);
      if (atMs >= untilMs) continue;
      const visitor = visitorFor(next, visitorsPerDay, EVENING_HOURS.has(hour));
      // The readings draw from a stream of their own: the visit's other requests stay as they were.
      visits.push(runVisit({ ...options, day, next, readings: randomFor(day, 'visit', n, 'readings'), visitor, atMs, out: requests }));
    }
  }
  for (const event of liveEventVisits(day, hours, options)) visits.push(runVisit({ ...options, ...event, day, out: requests }));
  return { requests, visits };
}

/**
 * One visit: its pages in order, each page view, its calls, its media session and, as the visitor
 * leaves the page, its reading (page-readings.mjs). A play cut short at `untilMs` (now, today)
 * leaves the visitor on the page: its reading and the visit's next pages are not sent yet.
 */
function runVisit(options) {
  const { suite, next, visitor, out, tcString, readings } = options;
  let atMs = options.atMs;
  const answeredMs = atMs - visitor.answeredDaysBefore * 86_400_000;
  const signed = { ...visitor, consent: { gdprApplies: true, tcString: tcString(visitor.answer, answeredMs) } };
  const referrer = weighted(next, REFERRERS);
  let page = options.landing ?? landingPage(next, options, referrer);
  const campaign = chance(next, EXTERNAL_CAMPAIGN_SHARE) ? weighted(next, EXTERNAL_CAMPAIGNS) : undefined;
  if (campaign) page = withQueryParam(page, 'ext', campaign);
  const browser = visitBrowser({ visitor: signed, next, referrer: referrer ?? undefined, suite, out });
  const visit = { visitor: signed, pages: [], decisions: [] };
  const show = (target, shownAtMs) => {
    browser.pageView(target, shownAtMs);
    visit.pages.push({ page: target, atMs: shownAtMs });
    return { page: target, atMs: shownAtMs, playingMs: 0 };
  };
  const leave = (shown, leftAtMs, exit) => {
    const reading = pageReading(readings, { page: shown.page, device: visitor.device, shownMs: leftAtMs - shown.atMs, playingMs: shown.playingMs, exit });
    if (reading) browser.engagement(reading, leftAtMs, readings);
  };
  const pages = around(next, MEAN_PAGES);
  for (let i = 0; i < pages && atMs < options.untilMs; i++) {
    if (activityOf(page, signed)) visit.decisions.push(decisionOf(next, { page, atMs, visitor: signed }));
    let shown = show(page, atMs);
    atMs += 2_000 + Math.floor(next() * 20_000);
    for (const call of pageCalls(next, page, SITE_ORIGIN + page.path)) {
      if (call.exit) browser.exitLink(call.exit, call.text, atMs);
      else browser.call(call.name, call.detail, atMs);
      atMs += 3_000 + Math.floor(next() * 15_000);
      if (call.opens) page = { ...call.opens, opener: true };
    }
    let play = { leftAtMs: atMs, playingMs: 0, cut: false };
    if (page.video?.idSessioVideo && !page.opener) play = playOn(page, atMs, { ...options, visitor: signed, browser, out });
    if (page.opener) {
      // The pop-out window: the station's page is left for it (its reading goes before the
      // pop-out's page view, which the visit's one analytics then repeats), and the station plays in it.
      leave(shown, atMs, false);
      shown = show(page, atMs);
      play = playOn(page, atMs + 1_500, { ...options, visitor: signed, browser, out });
    }
    if (play.cut) break;
    shown.playingMs = play.playingMs;
    atMs = play.leftAtMs + around(next, MEAN_READ_MS, 5_000);
    leave(shown, atMs, i === pages - 1);
    page = followsUpWithNews(next, page, signed) ? articlePage(options.site, options.site.articles[popular(next, options.site.articles.length)]) : nextPage(next, options, page, atMs);
  }
  return visit;
}

/**
 * A media session on a player page, most of the time: `{leftAtMs, playingMs, cut}`, the time the
 * visitor leaves the player, how long it played, and whether the play was cut short at `untilMs`.
 */
function playOn(page, atMs, { next, visitor, browser, suite, out, untilMs, watchMeanS }) {
  if (!watchMeanS && !chance(next, page.opener ? 0.95 : 0.7)) return { leftAtMs: atMs, playingMs: 0, cut: false };
  const outcome = watchMeanS
    ? 'watch'
    : weighted(next, [
        ['watch', 0.9],
        ['exit', 0.065],
        ['failure', 0.035],
      ]);
  // A live viewer stays with the broadcast they found; nothing is sent past `untilMs` (now, today).
  const airEndMs = page.air ? Date.parse(page.air.broadcast.end) : Number.POSITIVE_INFINITY;
  const wantedS = watchMeanS ? around(next, watchMeanS, 300) : watchSeconds(next, page);
  const watchS = Math.min(wantedS, Math.max(5, (Math.min(untilMs, airEndMs) - atMs) / 1000 - 60));
  const startMs = atMs + 800;
  const endMs = mediaSession({ page, visitor, browser, suite, next, startMs, watchS, outcome, out });
  // Exits before the start and failures play nothing; an ad plays in the page's media element too.
  return { leftAtMs: endMs + 2_000, playingMs: outcome === 'watch' ? endMs - startMs : 0, cut: watchS < wantedS && untilMs < airEndMs };
}
