// The site's pages as a visitor's browser measures them: each page's path and the data layer's
// page fields and video group that apps/site writes for it (apps/site/src/measurement/*-fields.ts,
// apps/site/src/live/live-page-fields.ts), built from the content the server is seeded with
// (@mesura/content), so that reports show the site's real titles, sections and links.
import { createSeedContent, guideFor, nowAndNext, sitePaths } from '@mesura/content';

const ON_DEMAND = 'a la carta';
const LIVE = 'directe';

/**
 * The site's test clips (packages/content seed/legacy-episodes.ts: episode 0 of a first season),
 * a few seconds long, kept for the e2e tests that measure them exactly. Nobody watches them on a
 * newsroom's site, and first in the seed's order they would be the most played.
 */
const isTestClip = (episode) => episode.number === 0;

/** The seeded content, with lookups the pages need; the episodes a visitor plays leave out the test clips. */
export function loadSiteContent() {
  const content = createSeedContent();
  const programmes = new Map(content.programmes.map((p) => [p.slug, p]));
  const authors = new Map(content.authors.map((a) => [a.slug, a]));
  const sections = new Map(content.sections.map((s) => [s.slug, s]));
  const episodes = content.episodes.filter((episode) => !isTestClip(episode));
  return { ...content, episodes, programmeBySlug: programmes, authorBySlug: authors, sectionBySlug: sections };
}

export const homePage = () => ({ path: sitePaths.home(), fields: { seccio: 'portada', pageType: 'portada', pageName: 'mesura:portada' } });

export function sectionPage(section, subsection) {
  return {
    path: sitePaths.section(section.slug, subsection?.slug),
    fields: {
      seccio: 'noticies',
      subseccio: section.slug,
      subseccioNivell1: section.slug,
      ...(subsection && { subseccioNivell2: subsection.slug }),
      pageType: subsection ? 'subseccio' : 'seccio',
      pageName: `noticies:${section.slug}${subsection ? `:${subsection.slug}` : ''}`,
    },
  };
}

export function articlePage(site, article) {
  const section = site.sectionBySlug.get(article.section);
  return {
    path: sitePaths.article(article),
    article,
    fields: {
      seccio: 'noticies',
      subseccio: article.section,
      subseccioNivell1: article.section,
      subseccioNivell2: article.subsection,
      pageType: 'noticia',
      pageName: `noticies:${article.slug}`,
      idDeliverty: article.id,
      titolContingut: article.title,
      autor: site.authorBySlug.get(article.author)?.name ?? article.author,
      areaTematica: article.topicAreas.join(','),
      tematica: section?.name ?? article.section,
      temes: article.themes.join(','),
      categoriaAgrupadora: `${article.section},${article.subsection}`,
      productorContingut: article.producer,
      dataPublicacio: article.publishedAt,
      tipusContingut: 'noticia',
      formatContingut: 'text',
    },
  };
}

export function authorPage(author) {
  return {
    path: sitePaths.author(author.slug),
    fields: { seccio: 'noticies', subseccio: 'autors', pageType: 'autor', pageName: `autors:${author.slug}`, autor: author.name, titolContingut: author.name },
  };
}

export function themePage(theme) {
  return {
    path: sitePaths.theme(theme.slug),
    fields: { seccio: 'noticies', subseccio: 'temes', pageType: 'tema', pageName: `tema:${theme.slug}`, tematica: theme.name, temes: theme.slug, titolContingut: theme.name },
  };
}

function programmeContext(programme) {
  return {
    seccio: 'programes',
    subseccio: programme.slug,
    programaWeb: programme.code,
    nomPrograma: programme.title,
    canal: programme.channel,
    productorContingut: programme.producer,
    tematica: programme.genre,
    contingutMultimedia: programme.kind,
    tipusEmisio: ON_DEMAND,
  };
}

export const programmesPage = () => ({ path: sitePaths.programmes(), fields: { seccio: 'programes', pageType: 'programes', pageName: 'mesura:programes' } });

export function programmePage(programme) {
  return { path: sitePaths.programme(programme.slug), fields: { ...programmeContext(programme), pageType: 'programa', pageName: `programes:${programme.slug}`, titolContingut: programme.title } };
}

/** `/video/{id}/`, `/audio/{id}/`: the page and the video group its player starts a session with. */
export function episodePage(programme, episode) {
  const streamType = episode.kind === 'video' ? 'vod' : episode.download === undefined ? 'aod' : 'podcast';
  return {
    path: sitePaths.episode(episode),
    episode,
    programme,
    fields: {
      ...programmeContext(programme),
      subseccioNivell1: `temporada-${episode.season}`,
      pageType: episode.kind,
      pageName: `programes:${programme.slug}:${episode.id}`,
      idDeliverty: episode.id,
      titolContingut: episode.title,
      contingutMultimedia: episode.kind,
      areaTematica: episode.themes.join(','),
      dataPublicacio: episode.publishedAt,
      dataEmissio: episode.broadcastDate,
    },
    video: {
      titol: episode.title,
      idSessioVideo: episode.id,
      durada: String(episode.lengthSeconds),
      tipusContingut: episode.kind,
      tipusContingutHeartbeat: streamType,
      codiPrograma: programme.code,
      seccio: 'videos',
      canalAcces: 'web',
      tecnologia: episode.delivery === 'hls' ? 'hls' : 'html5',
      formatContingut: 'clip',
      subtitolat: String(episode.subtitles !== undefined),
      temporada: String(episode.season),
      capitol: String(episode.number),
      tematica: programme.genre,
    },
  };
}

/** guideFor(t) covers [t − 6 h, t + 18 h]: asked at a half day's start + 6 h, it covers that half day. */
const HALF_DAY_MS = 43_200_000;
const GUIDE_PAST_MS = 6 * 3_600_000;
/** Guides kept by channel and half day: a guide is computed with Intl, and a day asks for one thousands of times. */
const guides = new Map();

/** What is on air on a channel or station at `atMs`, with its programme when it has a page. */
export function onAir(site, slug, atMs) {
  const bucket = Math.floor(atMs / HALF_DAY_MS);
  const key = `${slug}\u0000${bucket}`;
  if (!guides.has(key)) {
    if (guides.size > 1000) guides.clear();
    guides.set(key, guideFor(slug, new Date(bucket * HALF_DAY_MS + GUIDE_PAST_MS)));
  }
  const broadcast = guides.get(key).find((b) => Date.parse(b.start) <= atMs && atMs < Date.parse(b.end)) ?? nowAndNext(slug, new Date(atMs)).now;
  return { broadcast, programme: broadcast.programme === undefined ? undefined : site.programmeBySlug.get(broadcast.programme) };
}

/** `/directes/{canal}/`, `/radio/{emissora}/` and the pop-out `/radio/finestra/{emissora}/`, for the broadcast on air. */
export function livePage(source, kind, air, popOut = false) {
  const { broadcast, programme } = air;
  const radio = kind === 'audio';
  const name = radio ? (popOut ? `radio:${source.slug}:finestra` : `radio:${source.slug}`) : `directes:${source.slug}`;
  return {
    path: radio ? (popOut ? sitePaths.stationPopOut(source.slug) : sitePaths.station(source.slug)) : sitePaths.channel(source.slug),
    source,
    air,
    fields: {
      tipusEmisio: LIVE,
      titolContingut: broadcast.title,
      idDeliverty: broadcast.episode ?? broadcast.id,
      nomPrograma: programme?.title ?? broadcast.title,
      ...(programme && { programaWeb: programme.code, productorContingut: programme.producer }),
      tematica: broadcast.genre,
      dataEmissio: broadcast.start.slice(0, 10),
      seccio: radio ? 'radio' : 'directes',
      subseccio: source.slug,
      canal: source.slug,
      pageType: radio ? (popOut ? 'radio-finestra' : 'radio') : 'directe',
      pageName: name,
      contingutMultimedia: kind,
    },
    video: {
      titol: broadcast.title,
      idSessioVideo: broadcast.id,
      durada: String(Math.round((Date.parse(broadcast.end) - Date.parse(broadcast.start)) / 1000)),
      tipusContingut: kind,
      tipusContingutHeartbeat: 'live',
      ...(programme && { codiPrograma: programme.code }),
      seccio: radio ? 'radio' : 'directes',
      canalAcces: 'web',
      tecnologia: 'hls',
      formatContingut: LIVE,
      subtitolat: 'false',
      tematica: broadcast.genre,
    },
  };
}

/** `/cercador/?q=`: the search page with the results the site found. */
export function searchPage(keywords, results) {
  return { path: sitePaths.search(keywords), fields: { seccio: 'cercador', pageType: 'cercador', pageName: 'mesura:cercador', paraulesCerca: keywords, resultatsCerca: String(results) } };
}

export const weatherPage = () => ({ path: sitePaths.weather(), fields: { seccio: 'el-temps', pageType: 'temps', pageName: 'mesura:el-temps' } });
export const quizPage = () => ({ path: '/joc/', fields: { seccio: 'joc', pageType: 'joc', pageName: 'mesura:joc', titolContingut: 'El joc del dia' } });

/** An address that is no page: the site's not-found page sets only the Error404 status (§2). */
export const notFoundPage = (path) => ({ path, fields: { status: 'Error404' } });

/** `target` at its address with one more query parameter (a campaign). */
export function withQueryParam(target, name, value) {
  return { ...target, path: `${target.path}${target.path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}` };
}
