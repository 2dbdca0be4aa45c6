// Which page a visitor opens: the landing page their referrer leads to, then the next page from
// the one they are on. Articles are read most, a few of them far more than the rest; the home
// page's links carry `int` campaigns; a few addresses are broken links that end on the 404 page.
import { chance, pick, popular, weighted } from './seeded.mjs';
import {
  articlePage,
  authorPage,
  episodePage,
  homePage,
  livePage,
  notFoundPage,
  onAir,
  programmePage,
  programmesPage,
  quizPage,
  searchPage,
  sectionPage,
  themePage,
  weatherPage,
  withQueryParam,
} from './site-pages.mjs';

/** `int` campaigns (case-sensitive, spec §7) on the home page's promotions. */
const INTERNAL_CAMPAIGNS = ['portada-destacat', 'portada-directe', 'banner-podcast', 'butlleti-alta'];
const INTERNAL_CAMPAIGN_SHARE = 0.12;
/** Old and mistyped addresses that other sites and searches still link to, the first far more than the rest. */
const BROKEN_PATHS = [
  ['/noticia/999/pressupostos-2024/', 8],
  ['/programes/la-nit-al-dia/', 2],
  ['/noticies/esport/', 1],
  ['/video/clip-esborrat/', 1],
  ['/radio/mesura-jazz/', 1],
];
const NEXT_PAGE_KINDS = [
  ['article', 44],
  ['home', 7],
  ['section', 9],
  ['episode', 8],
  ['channel', 5],
  ['station', 4],
  ['search', 8],
  ['programme', 4],
  ['author', 2],
  ['theme', 2],
  ['weather', 4],
  ['quiz', 2],
  ['broken', 1],
];

/** The page of `kind` (NEXT_PAGE_KINDS) at `atMs`. */
function pageOf(next, { site, searches }, kind, atMs) {
  switch (kind) {
    case 'article':
      return articlePage(site, site.articles[popular(next, site.articles.length)]);
    case 'home':
      return homePage();
    case 'section': {
      const section = pick(next, site.sections);
      return sectionPage(section, chance(next, 0.4) ? pick(next, section.subsections) : undefined);
    }
    case 'episode': {
      const episode = site.episodes[popular(next, site.episodes.length)];
      return episodePage(site.programmeBySlug.get(episode.programme), episode);
    }
    case 'channel': {
      const channel = site.channels[popular(next, site.channels.length)];
      return livePage(channel, 'video', onAir(site, channel.slug, atMs));
    }
    case 'station': {
      const station = site.stations[popular(next, site.stations.length)];
      return livePage(station, 'audio', onAir(site, station.slug, atMs));
    }
    case 'search': {
      const { keywords, results } = searches[popular(next, searches.length)];
      return searchPage(keywords, results);
    }
    case 'programme':
      return chance(next, 0.3) ? programmesPage() : programmePage(pick(next, site.programmes));
    case 'author':
      return authorPage(pick(next, site.authors));
    case 'theme':
      return themePage(pick(next, site.themes));
    case 'weather':
      return weatherPage();
    case 'quiz':
      return quizPage();
    default:
      return notFoundPage(weighted(next, BROKEN_PATHS));
  }
}

/** Where a visit begins: search engines and other sites lead to articles, social posts also to live, direct visits to the home page. */
export function landingPage(next, options, referrer) {
  const kind =
    referrer === null
      ? weighted(next, [
          ['home', 70],
          ['article', 10],
          ['channel', 5],
          ['station', 5],
          ['weather', 6],
          ['quiz', 4],
        ])
      : /google|bing|duckduckgo/.test(referrer)
        ? weighted(next, [
            ['article', 68],
            ['weather', 10],
            ['episode', 8],
            ['programme', 6],
            ['broken', 8],
          ])
        : /facebook|t\.co|instagram|threads/.test(referrer)
          ? weighted(next, [
              ['article', 75],
              ['channel', 10],
              ['episode', 10],
              ['quiz', 5],
            ])
          : weighted(next, [
              ['article', 85],
              ['broken', 10],
              ['home', 5],
            ]);
  return pageOf(next, options, kind, options.atMs);
}

/** The page after `current`; links from the home page carry an `int` campaign now and then. */
export function nextPage(next, options, current, atMs) {
  const page = pageOf(next, options, weighted(next, NEXT_PAGE_KINDS), atMs);
  if (current.fields.pageType === 'portada' && chance(next, INTERNAL_CAMPAIGN_SHARE)) return withQueryParam(page, 'int', pick(next, INTERNAL_CAMPAIGNS));
  return page;
}
