import { describe, expect, it } from 'vitest';
import { findArticle } from '../src/content/article';
import { SAMPLE_ARTICLES } from '../src/content/sample-articles';
import { SAMPLE_MEDIA } from '../src/content/media-items';
import { buildDataLayer, buildPageData, routePageFields, type BrowserFacts } from '../src/measurement/page-data';

const browser: BrowserFacts = {
  href: 'https://mesura.cat/',
  search: '',
  viewportWidth: 1280,
  viewportHeight: 720,
};

function article(id: string) {
  const found = findArticle(SAMPLE_ARTICLES, id);
  if (found === undefined) throw new Error(`sample article ${id} is missing`);
  return found;
}

describe('buildPageData', () => {
  it('describes the home page as the portada', () => {
    expect(buildPageData({ kind: 'home' }, browser)).toEqual({
      seccio: 'portada',
      pageType: 'portada',
      pageName: 'mesura:portada',
      portal: 'mesura',
      web: 'mesura.cat',
      idioma: 'ca',
      url: 'https://mesura.cat/',
      viewport: '1280x720',
    });
  });

  it('describes an article with its subsection, content fields and id', () => {
    const url = 'https://mesura.cat/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
    expect(buildPageData({ kind: 'article', article: article('1001') }, { ...browser, href: url })).toEqual({
      seccio: 'noticies',
      subseccio: 'politica',
      pageType: 'noticia',
      pageName: 'noticies:parlament-aprova-llei-habitatge-assequible',
      idDeliverty: '1001',
      titolContingut: "El Parlament aprova la llei d'habitatge assequible amb el suport de quatre grups",
      autor: 'Laia Puig',
      areaTematica: 'habitatge,parlament,lloguer',
      dataPublicacio: '2026-11-23T09:15:00+01:00',
      portal: 'mesura',
      web: 'mesura.cat',
      idioma: 'ca',
      url,
      viewport: '1280x720',
    });
  });

  it('describes the weather page', () => {
    expect(routePageFields({ kind: 'weather' })).toEqual({
      seccio: 'el-temps',
      pageType: 'temps',
      pageName: 'mesura:el-temps',
    });
  });

  it('sends search keywords, the results count as a string and the query string (§2, §3)', () => {
    const page = buildPageData(
      { kind: 'search', query: 'vacunació grip', resultCount: 1 },
      { ...browser, href: 'https://mesura.cat/cercador/?q=vacunaci%C3%B3+grip', search: '?q=vacunaci%C3%B3+grip' },
    );
    expect(page).toMatchObject({
      seccio: 'cercador',
      pageType: 'cercador',
      pageName: 'mesura:cercador',
      paraulesCerca: 'vacunació grip',
      resultatsCerca: '1',
      queryString: 'q=vacunaci%C3%B3+grip',
    });
  });

  it('sends a zero results count as "0"', () => {
    expect(routePageFields({ kind: 'search', query: 'xyz', resultCount: 0 }).resultatsCerca).toBe('0');
  });

  it('leaves keywords and count out when the search form is shown without a query', () => {
    expect(routePageFields({ kind: 'search', query: '', resultCount: 0 })).toEqual({
      seccio: 'cercador',
      pageType: 'cercador',
      pageName: 'mesura:cercador',
    });
  });

  it('marks a not-found page with status Error404 and no section or page name (§2)', () => {
    const page = buildPageData({ kind: 'not-found' }, { ...browser, href: 'https://mesura.cat/no-existeix/' });
    expect(page).toEqual({
      status: 'Error404',
      portal: 'mesura',
      web: 'mesura.cat',
      idioma: 'ca',
      url: 'https://mesura.cat/no-existeix/',
      viewport: '1280x720',
    });
    expect(page).not.toHaveProperty('seccio');
    expect(page).not.toHaveProperty('pageName');
  });

  it('leaves out the query string when the URL has none', () => {
    expect(buildPageData({ kind: 'home' }, { ...browser, search: '?' })).not.toHaveProperty('queryString');
  });

  it('keeps a query string given without its question mark', () => {
    expect(buildPageData({ kind: 'home' }, { ...browser, search: 'int=portada' }).queryString).toBe('int=portada');
  });

  it('rounds fractional viewport sizes (zoomed pages report them)', () => {
    expect(buildPageData({ kind: 'home' }, { ...browser, viewportWidth: 1366.4, viewportHeight: 657.6 }).viewport).toBe(
      '1366x658',
    );
  });

  it('sets only string values, as the data-layer reader expects (§3)', () => {
    const page = buildPageData({ kind: 'search', query: 'girona', resultCount: 2 }, browser);
    for (const value of Object.values(page)) expect(typeof value).toBe('string');
  });
});

describe('buildDataLayer', () => {
  it('pairs the page group with an empty user group while the site has no login', () => {
    expect(buildDataLayer({ kind: 'weather' }, browser)).toEqual({
      page: buildPageData({ kind: 'weather' }, browser),
      user: {},
    });
  });

  it('adds the video group on a player page: what the media tracker reads, and what makes the SDK load it (§3)', () => {
    const clip = SAMPLE_MEDIA.find((item) => item.id === 'clip-de-prova')!;
    const layer = buildDataLayer({ kind: 'media', item: clip }, { ...browser, href: 'https://mesura.cat/video/clip-de-prova/' });
    expect(layer.page).toMatchObject({ seccio: 'videos', pageType: 'video', pageName: 'videos:clip-de-prova', contingutMultimedia: 'video' });
    expect(layer.video).toEqual({
      titol: 'Clip de prova: titulars i el temps',
      idSessioVideo: 'clip-de-prova',
      durada: '12',
      tipusContingut: 'video',
      tipusContingutHeartbeat: 'vod',
      codiPrograma: 'MESURA-NOTICIES',
      seccio: 'videos',
      canalAcces: 'web',
      tecnologia: 'html5',
      urlVideo: 'https://mesura.cat/media/clip-de-prova.webm',
      formatContingut: 'clip',
      subtitolat: 'false',
    });
  });

  it('marks an audio page as audio on demand, and gives other pages no video group', () => {
    const audio = SAMPLE_MEDIA.find((item) => item.kind === 'audio')!;
    expect(buildDataLayer({ kind: 'media', item: audio }, browser).video).toMatchObject({ tipusContingut: 'audio', tipusContingutHeartbeat: 'aod' });
    expect(buildDataLayer({ kind: 'media-list' }, browser)).not.toHaveProperty('video');
  });
});
