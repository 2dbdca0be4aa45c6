// Synthetic traffic for bench:reports, as the ingest log holds it (HitRow lines): visits of a few
// pages by returning visitors, with a daily rhythm, sections and pages of skewed popularity, the
// visit's device, login state, referrer and campaign, some searches, and direct calls (shares,
// downloads, exit links, button clicks), and after most page views the page's engagement hit
// (engaged time and scroll depth, as /mesura.js sends it when the page is left). Seeded, so two
// runs store the same rows. The media traffic (heartbeats and media start hits) is
// reports-media-traffic.mjs; reports.mjs mixes both.
import { seededRandom } from '@mesura/media/replay';

const SUITE = 'mesuradev';
const PAGES = 5_000;
const VISITORS = 600_000;
const MEAN_GAP_MS = 90_000;
/** Share of visit starts per local hour of the day: quiet at night, peaks in the morning and evening. */
const HOUR_WEIGHTS = [1, 0.6, 0.4, 0.3, 0.3, 0.5, 1.2, 2.5, 3.5, 3.2, 2.8, 2.6, 2.8, 3, 2.6, 2.3, 2.2, 2.4, 2.8, 3.2, 3.6, 3.4, 2.6, 1.6];
const SECTIONS = [
  ['noticies', ['politica', 'societat', 'economia', 'internacional', 'cultura']],
  ['esports', ['futbol', 'basquet', 'motor']],
  ['programes', ['entreteniment', 'documentals', 'infantil']],
  ['directes', ['tv', 'radio']],
  ['el-temps', ['previsio']],
];
/** About one page view in thirty is a search (the site's search page with its keywords). */
const SEARCH_SHARE = 1 / 30;
const SEARCH_PAGE = { n: 0, section: 'cercador', subsection: 'resultats', title: 'Cercador', author: null, thematic: null };
const AUTHORS = ['Anna Puig', 'Jordi Vila', 'Marta Soler', 'Pere Roca', 'Laia Ferrer', 'Oriol Mas', 'Núria Camps', 'Xavier Font', 'Clara Bosch'];
const THEMES = ['eleccions', 'sequera', 'habitatge', 'mobilitat', 'salut', 'educacio', 'turisme', 'tecnologia'];
const DEVICES = [
  ['desktop', 0.38],
  ['mobile', 0.5],
  ['tablet', 0.1],
  ['tv', 0.02],
];
const BROWSERS = [
  ['Chrome', 'Windows'],
  ['Mobile Safari', 'iOS'],
  ['Chrome', 'Android'],
  ['Firefox', 'Linux'],
  ['Safari', 'Mac OS'],
  ['Edge', 'Windows'],
];
const VIEWPORTS = ['1920x1080', '1366x768', '390x844', '412x915', '768x1024', '1536x864'];
const REFERRERS = [
  [null, 0.45],
  ['https://www.google.com/', 0.3],
  ['https://www.bing.com/', 0.03],
  ['https://m.facebook.com/', 0.08],
  ['https://t.co/', 0.04],
  ['https://www.vilaweb.cat/', 0.1],
];
/** Where visits come from, as the collector would have placed them (ingest/steps/geolocate.ts): country, region, province, cities. */
const PLACES = [
  [['ES', 'Catalonia', 'Barcelona', ['Barcelona', "L'Hospitalet de Llobregat", 'Terrassa', 'Sabadell', 'Badalona', 'Mataro', 'Manresa', 'Vic']], 0.56],
  [['ES', 'Catalonia', 'Girona', ['Girona', 'Figueres', 'Blanes', 'Olot']], 0.08],
  [['ES', 'Catalonia', 'Tarragona', ['Tarragona', 'Reus', 'Tortosa', 'El Vendrell']], 0.08],
  [['ES', 'Catalonia', 'Lleida', ['Lleida', 'Balaguer', "La Seu d'Urgell"]], 0.05],
  [['ES', 'Madrid', 'Madrid', ['Madrid']], 0.05],
  [['ES', 'Valencia', 'València/Valencia', ['Valencia', 'Gandia']], 0.04],
  [['ES', 'Balearic Islands', 'Illes Balears', ['Palma']], 0.03],
  [['AD', 'Andorra la Vella', null, ['Andorra la Vella']], 0.03],
  [['FR', 'Occitanie', null, ['Perpignan', 'Toulouse']], 0.04],
  [['GB', 'England', null, ['London']], 0.02],
  [['US', 'California', null, ['Mountain View']], 0.02],
];
const CAMPAIGNS = ['butlleti-dilluns', 'Tardor-2026', 'xarxes-directe', 'promo-podcast'];
const KEYWORDS = ['temps', 'eleccions', 'barça', 'tv3 directe', 'sequera', 'pressupostos', 'xyzzy', 'loteria', 'trànsit', 'festius'];
const NETWORKS = ['whatsapp', 'facebook', 'x', 'telegram', 'correu'];
/**
 * Page views followed by their engagement hit: nearly all, as on a single-page site whose next
 * page view sends the last page's reading; a few never arrive (a tab killed, a phone out of
 * coverage as it is locked), mostly on a visit's last page, a loss spread here over every page.
 */
const ENGAGEMENT_SHARE = 0.95;
/** Engaged seconds, log-normal (median and σ of the logarithm): articles are read longer than results are scanned. */
const ENGAGED_MEDIAN_S = { article: 40, search: 12 };
const ENGAGED_SIGMA = 1;
/** The page's first moments count as engaged (@mesura/sdk ENGAGEMENT_IDLE_MS). */
const ARRIVAL_ENGAGED_MS = 5_000;
/** Share of article readers who scroll to the end; the others stop somewhere below the first screen. */
const READ_TO_END_SHARE = 0.4;
const FIRST_SCREEN_PCT = 20;

/** Popular things are much more popular: item n is drawn with weight about 1/n. */
const skewed = (next, size) => Math.min(size - 1, Math.floor(Math.exp(next() * Math.log(size + 1))) - 1);
const pick = (next, list) => list[Math.floor(next() * list.length)];
const weighted = (next, pairs) => {
  let r = next();
  for (const [value, weight] of pairs) if ((r -= weight) < 0) return value;
  return pairs[pairs.length - 1][0];
};
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

function page(n) {
  const [section, subsections] = SECTIONS[n % SECTIONS.length];
  const subsection = subsections[Math.floor(n / SECTIONS.length) % subsections.length];
  return { n, section, subsection, title: `Article ${n} de ${subsection}`, author: AUTHORS[n % AUTHORS.length], thematic: THEMES[n % THEMES.length] };
}

/** The visit's own attributes, the same on each of its pages. */
function visitAttributes(next, visitor) {
  const [browserName, osName] = pick(next, BROWSERS);
  const [country, region, province, cities] = weighted(next, PLACES);
  return {
    place: { country, region, province, city: pick(next, cities) },
    visitor,
    device: weighted(next, DEVICES),
    login: visitor % 9 === 0 ? 'logat' : 'no logat',
    referrer: weighted(next, REFERRERS),
    campaign: next() < 0.05 ? pick(next, CAMPAIGNS) : null,
    browserName,
    osName,
    viewport: pick(next, VIEWPORTS),
  };
}

function hitRow(id, at, visit, p, kind, next) {
  const search = p.section === 'cercador';
  const keywords = search ? pick(next, KEYWORDS) : null;
  const link = kind.startsWith('link_') ? kind : null;
  return {
    eventId: `bench-${id}`,
    reportSuite: SUITE,
    environment: 'development',
    receivedAtMs: at,
    day: isoDay(at + 3_600_000),
    clientTimeMs: at,
    hitType: kind,
    visitorId: `bench-visitor-${visit.visitor}`,
    visitorIdSource: 'mid',
    pageName: `${p.section}:${p.subsection}:pagina-${p.n}`,
    url: `https://mesura.cat/${p.section}/${p.subsection}/pagina-${p.n}/`,
    referrer: visit.firstPage ? visit.referrer : `https://mesura.cat/`,
    channel: p.section,
    linkUrl: link === 'link_d' ? `https://mesura.cat/docs/informe-${p.n % 40}.pdf` : link === 'link_e' ? `https://www.gencat.cat/${p.n % 30}/` : null,
    linkName: link === 'link_o' ? (next() < 0.5 ? 'Comparteix' : 'Mira el directe') : link ? `Enllaç ${p.n % 40}` : null,
    mediaType: null,
    events: kind === 'page_view' ? '[{"id":1,"name":"pageView"}]' : link === 'link_d' ? '[{"id":5,"name":"download"}]' : link === 'link_o' ? '[{"id":3,"name":"share"}]' : '[]',
    contextData: '{}',
    otherVariables: '{}',
    variables: {
      section: p.section,
      subsection: p.subsection,
      pageType: search ? 'cercador' : 'noticia',
      portal: 'mesura',
      web: 'mesura.cat',
      language: 'ca',
      loginState: visit.login,
      campaign: visit.firstPage ? visit.campaign : null,
      contentTitle: p.title,
      author: p.author,
      thematic: p.thematic,
      viewport: visit.viewport,
      searchKeywords: keywords,
      searchResults: keywords === null ? null : keywords === 'xyzzy' ? '0' : String(5 + (p.n % 40)),
      socialAction: link === 'link_o' ? pick(next, NETWORKS) : null,
    },
    deviceClass: visit.device,
    isBot: false,
    ipAnonymised: '192.0.2.0',
    geoCountry: visit.place.country,
    geoRegion: visit.place.region,
    geoProvince: visit.place.province,
    geoCity: visit.place.city,
    browserName: visit.browserName,
    browserMajorVersion: '156',
    osName: visit.osName,
    userAgent: null,
    libraryVersion: 'JS-2.22.0',
    consent: 'granted',
  };
}

/**
 * The engagement hit of `pageView` (a hitRow), received `leftAfterMs` later as the page is left:
 * the page view's columns, no events, no referrer, and the two measures as context data (engaged
 * time within the time the page was open).
 */
function engagementRow(id, pageView, leftAfterMs, next) {
  const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const medianMs = 1000 * (pageView.variables.pageType === 'cercador' ? ENGAGED_MEDIAN_S.search : ENGAGED_MEDIAN_S.article);
  const engagedMs = Math.round(Math.min(leftAfterMs, Math.max(ARRIVAL_ENGAGED_MS, medianMs * Math.exp(ENGAGED_SIGMA * normal))));
  const scrollPct = next() < READ_TO_END_SHARE ? 100 : Math.round(FIRST_SCREEN_PCT + next() * (100 - FIRST_SCREEN_PCT));
  const at = pageView.receivedAtMs + leftAfterMs;
  return {
    ...pageView,
    eventId: `bench-${id}`,
    receivedAtMs: at,
    day: isoDay(at + 3_600_000),
    clientTimeMs: at,
    hitType: 'page_engagement',
    referrer: null,
    events: '[]',
    contextData: JSON.stringify({ 'mesura.engaged_ms': String(engagedMs), 'mesura.scroll_pct': String(scrollPct) }),
  };
}

/**
 * Yields, for each hour of the `days` days starting at `firstDayMs` (the start of an hour, UTC),
 * the hits received in that hour in receive-time order, `events` rows in all.
 */
export function* hitTrafficByHour({ events, days, firstDayMs, seed = 20261125 }) {
  const next = seededRandom(seed);
  const perSlot = events / (days * 24);
  const weightSum = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let id = 0;
  for (let slot = 0; slot < days * 24; slot++) {
    const slotStart = firstDayMs + slot * 3_600_000;
    const target = Math.min(events, Math.round(id + (perSlot * 24 * HOUR_WEIGHTS[new Date(slotStart).getUTCHours()]) / weightSum));
    const slotRows = [];
    while (id + slotRows.length < target) {
      const visit = visitAttributes(next, skewed(next, VISITORS));
      let at = slotStart + Math.floor(next() * 3_600_000);
      const pages = 1 + Math.floor(-Math.log(1 - next()) * 2.6);
      for (let i = 0; i < pages && id + slotRows.length < target; i++) {
        visit.firstPage = i === 0;
        const p = next() < SEARCH_SHARE ? SEARCH_PAGE : page(skewed(next, PAGES));
        const pageView = hitRow(id + slotRows.length, at, visit, p, 'page_view', next);
        slotRows.push(pageView);
        const r = next();
        const link = r < 0.07 ? 'link_o' : r < 0.1 ? 'link_d' : r < 0.16 ? 'link_e' : null;
        if (link && id + slotRows.length < target) slotRows.push(hitRow(id + slotRows.length, at + 5_000, visit, p, link, next));
        // The page is left when the next one is shown (or the visit ends): its reading goes then.
        const gapMs = Math.floor(-Math.log(1 - next()) * MEAN_GAP_MS);
        if (next() < ENGAGEMENT_SHARE && id + slotRows.length < target) slotRows.push(engagementRow(id + slotRows.length, pageView, gapMs, next));
        at += gapMs;
      }
    }
    slotRows.sort((a, b) => a.receivedAtMs - b.receivedAtMs);
    id += slotRows.length;
    yield slotRows;
  }
}
