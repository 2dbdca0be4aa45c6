// The seeded personalisation activities (server/src/decide/site-activities.ts) at work: a visitor
// who has given personalisation consent and opens one of their pages gets a decision from
// /m2/{clientCode}/mbox/json (the personalisation client's global request), and converts now and
// then: a click in the article's action strip, sent back with the offer's click token, or, for the
// weather page, a later news page view (its page-view goal). The new experiences convert a little
// more often than the controls, so the results show a difference.
import { createHash } from 'node:crypto';
import { assignmentPoint, experienceAt, siteActivities } from '@mesura/server/tooling';
import { encodeDeliveryQuery } from '@mesura/protocol';
import { chance, hexId } from './seeded.mjs';
import { SITE_ORIGIN } from './visitor-browser.mjs';

const CLIENT_CODE = 'mesura';
const GLOBAL_MBOX = 'target-global-mbox';
const LIBRARY_VERSION = '1.8.2';
/** Conversion rates by experience id: the control and the new experience. */
const CLICK_RATES = { a: 0.07, b: 0.11 };
const FOLLOW_UP_RATES = { a: 0.22, b: 0.34 };

const ACTIVITIES = siteActivities();
const activityAt = (path) => ACTIVITIES.find((a) => path.startsWith(a.audience.path.prefix));
/** The visitor key the decision server derives from the analytics id when no device id is sent (server/src/decide/visitor-ids.ts). */
const visitorKey = (visitorId) => createHash('sha256').update(visitorId).digest('hex').slice(0, 32);
const takesPart = (visitor) => visitor.answer === 'accept-all';

/** The seeded activity whose page `page` is, when `visitor` may be personalised. */
export function activityOf(page, visitor) {
  return takesPart(visitor) ? activityAt(page.path) : undefined;
}

/**
 * Whether a visitor leaving `page` goes on to a news article because of the page-view goal's
 * experience: the assignment is the server's own rule (sticky, stateless), so a run that sends no
 * decision for a day already sent still plans the same pages.
 */
export function followsUpWithNews(next, page, visitor) {
  const activity = activityOf(page, visitor);
  if (activity?.goal.type !== 'pageView') return false;
  const experience = experienceAt(activity.experiences, assignmentPoint(visitorKey(visitor.id), activity.id, activity.reshuffle));
  return chance(next, FOLLOW_UP_RATES[experience?.id] ?? 0);
}

/** The decision request of a visit's page view at `atMs` (wire-formats §3), and the draw of its click. */
export function decisionOf(next, { page, atMs, visitor }) {
  const [width, height] = visitor.browser.screen.split('x').map(Number);
  const request = {
    mbox: GLOBAL_MBOX,
    sessionId: hexId(next, 16),
    pageId: hexId(next, 16),
    requestId: hexId(next, 8),
    version: LIBRARY_VERSION,
    count: 1,
    time: atMs + 3_600_000,
    host: 'www.mesura.cat',
    url: SITE_ORIGIN + page.path,
    referrer: '',
    browser: { width: Number(visitor.browser.browserWidth), height: Number(visitor.browser.browserHeight), timeOffsetMin: 60 },
    screen: { width, height, colorDepth: 24 },
    visitorId: visitor.id,
    customerIds: visitor.signedIn ? { idUsuari: { id: visitor.userId, authState: 1 } } : {},
    params: {},
  };
  return {
    kind: 'decision',
    method: 'GET',
    path: `/m2/${CLIENT_CODE}/mbox/json?${encodeDeliveryQuery(request)}`,
    atMs: atMs - 400,
    userAgent: visitor.userAgent,
    click: { draw: next(), atMs: atMs + 20_000 + Math.floor(next() * 60_000), request },
  };
}

/** The click conversion after an answered decision, when its draw falls under its experience's rate. */
export function conversionAfter(decision, answerBody) {
  const offer = JSON.parse(answerBody).offers?.[0];
  const experience = offer?.responseTokens?.['experience.id'];
  if (!offer?.clickToken || !(decision.click.draw < (CLICK_RATES[experience] ?? 0))) return undefined;
  const request = { ...decision.click.request, requestId: `${decision.click.request.requestId}c`, count: 2, params: { clickToken: offer.clickToken } };
  return { kind: 'conversion', method: 'GET', path: `/m2/${CLIENT_CODE}/mbox/json?${encodeDeliveryQuery(request)}`, atMs: decision.click.atMs, userAgent: decision.userAgent };
}
