// The demo's visitors: a fixed pool, the same people every day (returning visitors), each with a
// device, a browser, a screen, a consent answer, a home network and, for some, a site account. Visitor n's
// attributes are drawn from n alone, so they are the same on every run and every day.
import { createHash } from 'node:crypto';
import { demoAddress } from './places.mjs';
import { chance, demoVisitorId, pick, popular, randomFor, weighted } from './seeded.mjs';

/** Real user agents, so that the collector's classifier finds the device, browser and system. */
const AGENTS = {
  mobile: [
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1', ['390x844', '393x852', '430x932']],
    ['Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36', ['412x915', '384x854', '360x800']],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36', ['412x915']],
  ],
  desktop: [
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36', ['1920x1080', '1366x768', '1536x864']],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15', ['1440x900', '1512x982']],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0', ['1920x1080', '1280x720']],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:144.0) Gecko/20100101 Firefox/144.0', ['1920x1080', '2560x1440']],
  ],
  tablet: [
    ['Mozilla/5.0 (iPad; CPU OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1', ['820x1180', '768x1024']],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36', ['800x1280']],
  ],
  tv: [['Mozilla/5.0 (SMART-TV; Linux; Tizen 8.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/7.0 Chrome/118.0.5993.0 TV Safari/537.36', ['1920x1080']]],
};
/** The pool holds this many visitors per visitor a day: most come back on other days. */
const POOL_PER_DAILY_VISITOR = 3;
/** Shares of the pool by device: more phones than anything else. */
export const DEVICE_SHARES = [
  ['mobile', 0.55],
  ['desktop', 0.33],
  ['tablet', 0.09],
  ['tv', 0.03],
];
/** Visitors with a site account who are signed in when they visit. */
const SIGNED_IN_SHARE = 0.14;
/** Of the visitors the site measures (the others answered "reject all"), those who kept only measurement. */
const CUSTOM_ANSWER_SHARE = 0.13;

/** Visitor n of the pool; `tcString(answer, atMs)` gives their TC string (consent.mjs). */
export function demoVisitor(n) {
  const next = randomFor('visitor', n);
  const device = weighted(next, DEVICE_SHARES);
  const [userAgent, screens] = pick(next, AGENTS[device]);
  const screen = pick(next, screens);
  const [width, height] = screen.split('x').map(Number);
  const chrome = device === 'mobile' || device === 'tablet' ? 0.86 : 0.9;
  const viewport = `${width}x${Math.round(height * chrome)}`;
  const signedIn = next() < SIGNED_IN_SHARE;
  return {
    n,
    id: demoVisitorId(n),
    device,
    userAgent,
    browser: { screen, colorDepth: '24', cookiesEnabled: 'Y', browserWidth: String(width), browserHeight: viewport.split('x')[1], viewport },
    signedIn,
    userId: signedIn ? `v-${createHash('sha256').update(`demo-account\u0000${n}`).digest('hex').slice(0, 12)}` : undefined,
    answer: next() < CUSTOM_ANSWER_SHARE ? 'custom' : 'accept-all',
    /** Days before a visit that the visitor answered the banner (their TC string's day). */
    answeredDaysBefore: Math.floor(next() * 20),
    /** The address the visitor connects from (places.mjs). */
    address: demoAddress(n),
  };
}

/** Visits made by the loyal readers, the pool's first tenth, who come back nearly every day. */
const LOYAL_SHARE = 0.3;

/** Who makes a visit: a loyal reader, or anyone of the pool; in the `evening`, a desktop visitor is half as likely. */
export function visitorFor(next, visitorsPerDay, evening) {
  const pool = visitorsPerDay * POOL_PER_DAILY_VISITOR;
  const draw = () => demoVisitor(chance(next, LOYAL_SHARE) ? popular(next, Math.ceil(pool / 10)) : Math.floor(next() * pool));
  const visitor = draw();
  return evening && visitor.device === 'desktop' && chance(next, 0.5) ? draw() : visitor;
}
