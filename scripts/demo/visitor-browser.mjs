// A visitor's browser on the site, as far as measurement goes: what the SDK sends for a page view
// and for each direct call, built by the SDK's own code (@mesura/datalayer reads the data layer,
// @mesura/analytics builds and encodes the beacon, the site property's link calls name events and
// variables), on a clock the demo sets. Nothing is sent here: the beacons are collected with the
// time they stand for, and the caller sends them through http-sender.mjs.
import { createAnalytics, memoryStore } from '@mesura/analytics';
import { LOGIN_COOKIE_NAME, pageVariables, readDataLayer } from '@mesura/datalayer';
import { LINK_DETAIL_VARIABLES, SITE_LINK_CALLS } from '@mesura/site-property';
import { createMediaAnalytics } from '@mesura/media/analytics';

/** The site's origin as a visitor's address bar shows it (the beacons' `g`). */
export const SITE_ORIGIN = 'https://www.mesura.cat';
const MEDIA_PLAYER_NAME = 'mesura-html5';
/** The login module's cookie when the visitor has signed in (@mesura/datalayer session-cookie.ts). */
const SIGNED_IN_COOKIE = `${LOGIN_COOKIE_NAME}=${encodeURIComponent(JSON.stringify({ logat: true }))}`;

/**
 * One visit's browser. `visitor`: {id, userAgent, browser (screen, viewport…), signedIn, userId,
 * consent: TcfSignal}; `next`: the visit's seeded random source (ids and cache-busters);
 * `referrer`: the first page's referrer; `suite`: the report suite. `out` receives the requests.
 */
export function visitBrowser({ visitor, next, referrer, suite, out }) {
  let atMs = 0;
  let page;
  // Where the hits' random bytes (event id, cache-buster) come from: the visit's stream, but the
  // readings' own for an engagement hit (engagement()), so that the other hits keep the ids they had
  // before the demo sent engagement hits and a data folder filled then is not counted twice.
  let draws = next;
  const analytics = createAnalytics({
    reportSuites: [suite],
    transport: { send: (path, query) => out.push({ kind: 'beacon', method: 'POST', path, body: query, atMs, userAgent: visitor.userAgent, clientAddress: visitor.address }) },
    visitorId: () => visitor.id,
    now: () => new Date(atMs),
    browserInfo: () => visitor.browser,
    random: (bytes) => bytes.map(() => Math.floor(draws() * 256)),
    referrer: referrer ?? '',
    clickStore: memoryStore(),
    consentSignal: () => visitor.consent,
  });
  const variablesOf = (target) => pageVariablesOf(visitor, target, atMs);
  // The start hits are encoded by the analytics, as /mesura-media.js sends them through /mesura.js;
  // an instance of their own only keeps them apart in the demo's requests (kind 'media-start').
  const startHits = createAnalytics({
    reportSuites: [suite],
    transport: { send: (path, query) => out.push({ kind: 'media-start', method: 'POST', path, body: query, atMs, userAgent: visitor.userAgent, clientAddress: visitor.address }) },
    visitorId: () => visitor.id,
    now: () => new Date(atMs),
    browserInfo: () => ({}),
    random: (bytes) => bytes.map(() => Math.floor(next() * 256)),
    referrer: '',
    clickStore: memoryStore(),
    consentSignal: () => visitor.consent,
  });
  const media = createMediaAnalytics({ analytics: startHits, reportSuite: suite, trackingServer: 'www.mesura.cat' });

  return {
    /** scPageView on `target` (site-pages.mjs) at `at`: the page view the site's rules send (§5, §7). */
    pageView(target, at) {
      atMs = at;
      page = target;
      const search = target.fields.pageType === 'cercador';
      analytics.clearVariables();
      analytics.pageView({
        pageName: target.fields.status === 'Error404' ? '' : target.fields.pageName,
        url: SITE_ORIGIN + target.path,
        variables: nonEmpty(variablesOf(target)),
        events: search ? ['pageView', 'search'] : ['pageView'],
      });
    },
    /**
     * The page's engagement hit (`pe=eng`: `reading` is page-readings.mjs's) as /mesura.js sends it
     * when the page is left, at `at`, with the last page view's name, address and variables; its
     * random bytes come from `readings`, the stream `reading` was drawn from.
     */
    engagement(reading, at, readings) {
      atMs = at;
      draws = readings;
      try {
        analytics.engagement(reading);
      } finally {
        draws = next;
      }
    },
    /** A direct call of §7 on the current page; `detail` as apps/site's LinkCallDetail. */
    call(name, detail, at) {
      atMs = at;
      const call = SITE_LINK_CALLS[name];
      const fromPage = variablesOf(page);
      const variables = {};
      for (const [field, variable] of Object.entries(LINK_DETAIL_VARIABLES)) {
        const value = field === 'areaTematica' ? detail[field]?.split(',')[0] : detail[field];
        variables[variable] = value || fromPage[variable];
      }
      analytics.link({ linkType: call.linkType ?? 'o', linkName: detail.linkName ?? detail.linkText, linkUrl: detail.linkUrl, variables: nonEmpty(variables), events: call.events });
    },
    /** A link out of the site, measured by the SDK's automatic exit-link tracking (`lnk_e`). */
    exitLink(url, text, at) {
      atMs = at;
      analytics.link({ linkType: 'e', linkUrl: url, linkText: text, variables: {}, events: [], activityMap: { link: text, region: 'BODY' } });
    },
    /** The media tracker's start hits (`ms_s`, `msa_s`), at `at`. */
    mediaStart(info, at) {
      atMs = at;
      media.mediaStart({ ...info, playerName: MEDIA_PLAYER_NAME });
    },
    adStart(info, at) {
      atMs = at;
      media.adStart({ ...info, playerName: MEDIA_PLAYER_NAME });
    },
  };
}

/**
 * The analytics variables of `target` for `visitor` at `atMs`: the data layer apps/site writes
 * (measurement/page-data.ts: site-wide and browser fields, the login module) read by the SDK's reader.
 */
function pageVariablesOf(visitor, target, atMs) {
  const layer = {
    page: { ...target.fields, portal: 'mesura', web: 'mesura.cat', idioma: 'ca', url: SITE_ORIGIN + target.path, viewport: visitor.browser.viewport, screenReader: 'false' },
    user: { userLogin: 'mesura', ...(visitor.signedIn && { idUsuari: visitor.userId }) },
    ...(target.video && { video: target.video }),
  };
  return pageVariables(readDataLayer(layer, { cookies: visitor.signedIn ? SIGNED_IN_COOKIE : '', now: new Date(atMs) }));
}

/** The rules leave out a variable that resolves to '' (packages/tags "Value templates"). */
function nonEmpty(variables) {
  return Object.fromEntries(Object.entries(variables).filter(([, value]) => typeof value === 'string' && value !== ''));
}
