/**
 * One day-by-day data set for the hit reports, as a list of beacons with their receive times: sent
 * the same way to any server (the DuckDB one, or a collector draining into ClickHouse), it gives
 * every report of the catalogue something to count. Times are fixed, so that both engines see the
 * same receive times; no visitor has two page views in the same millisecond. Each page, link and
 * programme has one title here; labels chosen among several are compared in clickhouse-report-labels.test.ts.
 */
import type { AnalyticsHit, HitType, TcfSignal } from '@mesura/protocol';
import { tcString } from './tc-strings.js';
import { BROWSER_UA, testHit } from './test-server.js';

export const FIXTURE_PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
export const FIXTURE_BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** 10:00 in Barcelona on 2026-11-23, the range's first day; the previous period is 21 and 22 November. */
export const FIXTURE_MORNING = Date.UTC(2026, 10, 23, 9, 0);
export const FIXTURE_RANGE = { from: '2026-11-23', to: '2026-11-24' };

export interface FixtureBeacon {
  at: number;
  hit: AnalyticsHit;
  type: HitType;
  ua: string;
  /** The client's address (the shipped database places it: server/test/ingest/geolocate.test.ts). */
  address: string;
  /**
   * A copy of an earlier beacon, resent after a lost answer. A collector drops an event id it saw
   * lately; a copy that reaches another collector behind the same load balancer is stored twice in
   * ClickHouse, so a test sends it there.
   */
  resent?: true;
}

/** What a page sends for the values it lacks, as the data layer's default (spec §5): keywords, results, internal campaign. */
const NOT_A_SEARCH = { 23: 'No Informat', 24: 'No Informat', 31: 'No Informat' };
const home = { pageName: 'mesura:portada', url: 'http://localhost:8080/', eVars: { 1: 'portada', 8: 'portada', 20: 'Portada', ...NOT_A_SEARCH } };
const article = (n: number, section = 'noticies') => ({
  pageName: `${section}:politica:titol-${n}`,
  url: `http://localhost:8080/${section}/politica/titol-${n}/`,
  eVars: { 1: section, 2: 'politica', 5: `prog-${n % 2}`, 6: `Programa ${n % 2}`, 8: 'noticia', 20: `Títol ${n}`, 21: `Autor ${n % 2}`, 17: `tema-${n % 3}`, 26: '1280x720', ...NOT_A_SEARCH },
  props: { 1: section },
});
const search = (words: string, results: string) => ({
  pageName: 'cercador',
  url: 'http://localhost:8080/cercador/',
  eVars: { 1: 'cercador', 8: 'cercador', 20: 'Cercador', 23: words, 24: results },
});
const notFound = { pageName: 'error:404', url: 'http://localhost:8080/no-existeix/', eVars: { 1: 'error', 8: 'errorPage', 20: 'No trobada' } };
const REFUSING_ALL: TcfSignal = { gdprApplies: true, tcString: tcString({ purposes: [], vendors: [] }, FIXTURE_MORNING) };

/**
 * Each visitor's network: three in Catalonia (two in one town), one in the Balearic Islands, one
 * abroad, and the rest (the bot among them) on a network no database places.
 */
const ADDRESSES: Readonly<Record<string, string>> = { A: '83.50.1.57', B: '81.184.1.200', C: '83.50.1.99', D: '212.163.1.1', Q: '8.8.8.8' };
const UNPLACED_ADDRESS = '203.0.113.9';

/** The data set: visitors over four days, visits cut at 30 idle minutes, bots, searches, campaigns, links, pages' engagement, resent hits and a refused one. */
export function hitReportsFixture(): FixtureBeacon[] {
  const beacons: FixtureBeacon[] = [];
  const add = (visitor: string, at: number, hit: Partial<AnalyticsHit>, options: { type?: HitType; ua?: string } = {}) => {
    const full = testHit({ visitor: { fid: visitor }, ...hit });
    beacons.push({ at, hit: full, type: options.type ?? 'page_view', ua: options.ua ?? BROWSER_UA, address: ADDRESSES[visitor] ?? UNPLACED_ADDRESS });
    return full;
  };
  const day = (offset: number, minutes = 0) => FIXTURE_MORNING + offset * DAY_MS + minutes * MINUTE_MS;

  // The previous period (21 and 22 November): something to compare with.
  add('P', day(-2), { ...home, referrer: 'https://www.bing.com/search' });
  add('P', day(-2, 3), article(1));
  add('Q', day(-1, 20), { ...article(2, 'esports'), eVars: { ...article(2, 'esports').eVars, 0: 'Hivern' } }, { ua: FIXTURE_PHONE_UA });
  add('Q', day(-1, 22), search('pluja', '3'), { ua: FIXTURE_PHONE_UA });

  // A: from a search engine; 55 idle minutes start a second visit; exactly 30 do not; 31 do.
  add('A', day(0), { ...home, referrer: 'https://www.google.es/' });
  add('A', day(0, 5), article(1));
  add('A', day(0, 60), article(1));
  add('A', day(0, 90), article(2));
  add('A', day(0, 121), article(3), {});
  add('A', day(0, 122), { ...article(3), events: [{ id: 10 }], link: { type: 'o', name: 'Botó subscripció' } }, { type: 'link_o' });
  add('A', day(0, 123), { ...article(3), events: [], link: { type: 'o', name: 'scDVR' } }, { type: 'link_o' });

  // B: a phone, from a social network, with an external campaign, two searches (one empty), a share, a download and an exit link.
  const fromFacebook = { ...article(1), referrer: 'https://m.facebook.com/', eVars: { ...article(1).eVars, 0: 'Tardor' } };
  add('B', day(0, 10), fromFacebook, { ua: FIXTURE_PHONE_UA });
  add('B', day(0, 11), search('Temps', '0'), { ua: FIXTURE_PHONE_UA });
  add('B', day(0, 12), search('temps ', '4'), { ua: FIXTURE_PHONE_UA });
  add('B', day(0, 13), { ...article(1), events: [{ id: 3 }], eVars: { ...article(1).eVars, 32: 'whatsapp' }, link: { type: 'o', name: 'Comparteix' } }, { type: 'link_o', ua: FIXTURE_PHONE_UA });
  add('B', day(0, 14), { ...article(1), events: [{ id: 5 }], link: { type: 'd', name: 'Informe (PDF)', url: 'http://localhost:8080/docs/informe.pdf' } }, { type: 'link_d', ua: FIXTURE_PHONE_UA });
  add('B', day(0, 15), { ...article(1), events: [], link: { type: 'e', name: 'Diari', url: 'https://www.diari.cat/' } }, { type: 'link_e', ua: FIXTURE_PHONE_UA });

  // C: direct, with an internal campaign, a page not found from another site, and a visit across midnight (23:50 to 00:10).
  add('C', day(0, 30), { ...article(4, 'cultura'), eVars: { ...article(4, 'cultura').eVars, 31: 'promo-portada' } });
  add('C', day(0, 32), { ...notFound, referrer: 'https://www.exemple.cat/enllac' });
  add('C', day(0, 830), article(5, 'cultura'));
  add('C', day(0, 850), { ...article(5, 'cultura'), eVars: { ...article(5, 'cultura').eVars, 31: 'promo-portada' } });

  // D: on 24 November, a hit resent after a lost answer (the same event id, a minute later), and a search with no results.
  const resent = add('D', day(1, 60), { ...article(2), referrer: 'https://t.co/abc' });
  beacons.push({ at: day(1, 61), hit: resent, type: 'page_view', ua: BROWSER_UA, address: ADDRESSES.D!, resent: true });
  add('D', day(1, 62), search('eleccions', '0'));
  // Its own link name, so each link keeps one title (clickhouse-report-labels.test.ts compares links of several).
  add('D', day(1, 63), { ...article(2), events: [{ id: 3 }], eVars: { ...article(2).eVars, 32: 'facebook' }, link: { type: 'o', name: 'Comparteix a Facebook' } }, { type: 'link_o' });

  // Pages' engagement hits (pe=eng), sent as each page is left: one page resent after a lost answer, and one of the bot's.
  const engaged = (page: Partial<AnalyticsHit>, engagedMs: number, scrollPercent: number) => ({
    ...page,
    events: [],
    contextData: { 'mesura.engaged_ms': String(engagedMs), 'mesura.scroll_pct': String(scrollPercent) },
  });
  add('A', day(0, 4), engaged(home, 30_000, 50), { type: 'page_engagement' });
  add('A', day(0, 50), engaged(article(1), 120_000, 100), { type: 'page_engagement' });
  const left = add('B', day(0, 16), engaged(fromFacebook, 20_000, 35), { type: 'page_engagement', ua: FIXTURE_PHONE_UA });
  beacons.push({ at: day(0, 17), hit: left, type: 'page_engagement', ua: FIXTURE_PHONE_UA, address: ADDRESSES.B!, resent: true });
  add('C', day(0, 31), engaged({ ...article(4, 'cultura'), eVars: { ...article(4, 'cultura').eVars, 31: 'promo-portada' } }, 5_000, 10), { type: 'page_engagement' });
  add('D', day(1, 64), engaged(article(2), 60_000, 90), { type: 'page_engagement' });
  add('BOT', day(0, 44), engaged(article(4), 1_000, 100), { type: 'page_engagement', ua: FIXTURE_BOT_UA });

  // A bot reads four pages; the reports leave it out.
  for (let i = 0; i < 4; i += 1) add('BOT', day(0, 40 + i), article(i + 1), { ua: FIXTURE_BOT_UA });

  // A hit whose consent signal refuses everything: answered, not stored, counted in the consent audit.
  add('R', day(0, 45), { ...home, consent: REFUSING_ALL });
  return beacons;
}
