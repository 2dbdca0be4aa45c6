import { describe, expect, it } from 'vitest';
import { buildDataLayer, buildPageData, type BrowserFacts, type PageRoute } from '../src/measurement/page-data';
import { homeFields } from '../src/measurement/news-page-fields';

const browser: BrowserFacts = {
  href: 'https://mesura.cat/',
  search: '',
  viewportWidth: 1280,
  viewportHeight: 720,
};
const HOME: PageRoute = { kind: 'page', fields: homeFields() };

describe('buildPageData', () => {
  it("adds the site-wide and the browser's fields to a page's own", () => {
    expect(buildPageData(HOME, browser)).toEqual({
      seccio: 'portada',
      pageType: 'portada',
      pageName: 'mesura:portada',
      portal: 'mesura',
      web: 'mesura.cat',
      idioma: 'ca',
      url: 'https://mesura.cat/',
      viewport: '1280x720',
      screenReader: 'false',
    });
    expect(buildPageData(HOME, { ...browser, screenReader: true }).screenReader).toBe('true');
  });

  it('marks a not-found page with status Error404 and no section or page name (§2)', () => {
    const page = buildPageData({ kind: 'not-found' }, { ...browser, href: 'https://mesura.cat/no-existeix/' });
    expect(page).toEqual({ status: 'Error404', portal: 'mesura', web: 'mesura.cat', idioma: 'ca', url: 'https://mesura.cat/no-existeix/', viewport: '1280x720', screenReader: 'false' });
  });

  it('keeps the query string, with or without its question mark, and leaves it out when there is none', () => {
    expect(buildPageData(HOME, { ...browser, search: '?' })).not.toHaveProperty('queryString');
    expect(buildPageData(HOME, { ...browser, search: 'int=portada' }).queryString).toBe('int=portada');
    expect(buildPageData(HOME, { ...browser, search: '?int=portada' }).queryString).toBe('int=portada');
  });

  it('rounds fractional viewport sizes (zoomed pages report them)', () => {
    expect(buildPageData(HOME, { ...browser, viewportWidth: 1366.4, viewportHeight: 657.6 }).viewport).toBe('1366x658');
  });
});

describe('buildDataLayer', () => {
  it("has the login module on every page and the signed-in visitor's id, and a video group only where the page has one", () => {
    expect(buildDataLayer(HOME, browser)).toEqual({ page: buildPageData(HOME, browser), user: { userLogin: 'mesura' } });
    expect(buildDataLayer(HOME, { ...browser, visitorId: 'v-1' }).user).toEqual({ userLogin: 'mesura', idUsuari: 'v-1' });
    const player: PageRoute = { kind: 'page', fields: { pageType: 'video' }, video: { titol: 'Clip', durada: '12' } };
    expect(buildDataLayer(player, browser).video).toEqual({ titol: 'Clip', durada: '12' });
  });
});
