import { describe, expect, it } from 'vitest';
import { validateProperty, type TagEvent } from '@mesura/tags';
import { SITE_ACCOUNTS, environmentForHost, siteProperty, type SitePropertyOptions } from '../src/index.js';
import { fakeConsent, harness } from '@mesura/test-utils/tags';

const DATA_LAYER = {
  page: {
    seccio: 'noticies',
    subseccio: 'politica',
    programaWeb: 'telenoticies',
    canal: '3cat24',
    portal: '3cat',
    web: 'mesura',
    pageName: 'noticies:politica:pressupostos',
    pageType: 'noticia',
    areaTematica: 'Política,Economia',
    titolContingut: 'Els pressupostos',
    url: 'https://www.mesura.cat/noticia/1001/pressupostos/',
  },
  user: { idUsuari: 'u-1' },
};

function site(url: string, options: SitePropertyOptions = {}, vendors: string[] = ['web-analytics']) {
  const h = harness(siteProperty(options), { url, consent: fakeConsent(vendors) });
  h.setDataLayer(DATA_LAYER);
  const fire = (event: TagEvent) => h.runtime.fire(event);
  return { ...h, fire };
}

const pageView: TagEvent = { type: 'directCall', name: 'scPageView' };

describe('page view rule (event1 on scPageView, §5 consent conditions)', () => {
  it('sends one page view with every data-layer variable after clearing the previous page', async () => {
    const h = site('https://www.mesura.cat/noticia/1001/pressupostos/');
    const outcomes = await h.fire(pageView);
    expect(outcomes).toEqual([
      { rule: 'page view', reason: 'fired' },
      { rule: 'internal search page view', reason: 'conditionFailed', index: 2, type: 'pathContains' },
      // Listens to the page view too; this site has no media tracker URL.
      { rule: 'media tracker', reason: 'disabled' },
    ]);
    expect(h.handlers.calls.map((c) => c.action)).toEqual(['clearVariables', 'sendPageView']);
    const input = h.handlers.of('sendPageView')[0]?.input;
    expect(input).toMatchObject({
      pageName: 'noticies:politica:pressupostos',
      url: 'https://www.mesura.cat/noticia/1001/pressupostos/',
      events: ['pageView'],
      detail: {},
    });
    expect(input?.variables).toMatchObject({
      section: 'noticies',
      subsection: 'politica',
      subsectionLevel1: 'No informat',
      programme: 'telenoticies',
      broadcastChannel: '3cat24',
      pageType: 'noticia',
      topicArea: 'Política',
      contentTitle: 'Els pressupostos',
      userId: 'u-1',
      loginState: 'no logat',
      searchKeywords: 'No Informat',
    });
  });

  it('sends nothing without the web-analytics vendor consent', async () => {
    const h = site('https://www.mesura.cat/', {}, ['audience-measurement']);
    expect((await h.fire(pageView))[0]).toEqual({ rule: 'page view', reason: 'conditionFailed', index: 0, type: 'consentVendor' });
    expect(h.handlers.calls).toEqual([]);
  });

  it('sends nothing when automatic hits are disabled', async () => {
    const h = site('https://www.mesura.cat/');
    h.consent.automaticHitsOff = true;
    expect((await h.fire(pageView))[0]).toEqual({ rule: 'page view', reason: 'conditionFailed', index: 1, type: 'automaticHitsEnabled' });
    expect(h.handlers.calls).toEqual([]);
  });

  it('uses a configured vendor id', async () => {
    const h = site('https://www.mesura.cat/', { webAnalyticsVendorId: 'tcf-755' }, ['tcf-755']);
    expect((await h.fire(pageView))[0]?.reason).toBe('fired');
  });

  it('keeps the library-load and route-change page views off unless autoPageView (the site calls scPageView)', async () => {
    const off = site('https://www.mesura.cat/');
    expect(await off.fire({ type: 'routeChange' })).toContainEqual({ rule: 'page view (automatic)', reason: 'disabled' });
    expect(off.handlers.of('sendPageView')).toEqual([]);

    const on = site('https://www.mesura.cat/', { autoPageView: true });
    await on.fire({ type: 'libraryLoaded' });
    await on.fire({ type: 'routeChange' });
    expect(on.handlers.of('sendPageView').map((c) => c.input.events)).toEqual([['pageView'], ['pageView']]);
  });
});

describe('internal search (§2 path contains the word cercador, event2)', () => {
  it('rides on the page view of the search page with keywords and results count', async () => {
    const h = site('https://www.mesura.cat/cercador/?q=pressupostos');
    h.setDataLayer({ page: { seccio: 'cercador', paraulesCerca: 'pressupostos', resultatsCerca: 3 } });
    const outcomes = await h.fire(pageView);
    expect(outcomes.map((o) => [o.rule, o.reason])).toEqual([
      ['page view', 'conditionFailed'],
      ['internal search page view', 'fired'],
      ['media tracker', 'disabled'],
    ]);
    const views = h.handlers.of('sendPageView');
    expect(views).toHaveLength(1);
    expect(views[0]?.input.events).toEqual(['pageView', 'search']);
    expect(views[0]?.input.variables).toMatchObject({ searchKeywords: 'pressupostos', searchResults: '3', section: 'cercador' });
  });

  it('is not a search on a path where cercador is only part of a word', async () => {
    const h = site('https://www.mesura.cat/cercadors/');
    await h.fire(pageView);
    expect(h.handlers.of('sendPageView')[0]?.input.events).toEqual(['pageView']);
  });
});

describe('Error404 (§2 page type errorPage, page name empty)', () => {
  it('sends the not-found page as errorPage with an empty page name', async () => {
    const h = site('https://www.mesura.cat/no-existeix/');
    h.setDataLayer({ page: { status: 'Error404', pageName: 'no-existeix', pageType: 'noticia' } });
    await h.fire(pageView);
    const input = h.handlers.of('sendPageView')[0]?.input;
    expect(input?.pageName).toBe('');
    expect(input?.variables.pageType).toBe('errorPage');
  });
});

describe('direct calls (§7 triggers, §9 event numbers)', () => {
  const detail = {
    linkText: 'Comparteix',
    linkUrl: 'https://www.mesura.cat/documents/1001.pdf',
    url: 'https://www.mesura.cat/noticia/1001/pressupostos/',
    areaTematica: 'Economia,Política',
    xarxaAccioContingut: 'enllac',
    identificadorClic: 'article-boto',
    titolContingut: 'Els pressupostos de 2027',
    formatContingut: 'text',
    idDeliverty: '1001',
    tematica: 'Economia',
    tipusEmisio: 'a la carta',
    tipusContingut: 'noticia',
    seccio: 'noticies',
    subseccio: 'economia',
  };
  // The variables the call's detail fills, then those taken from the data layer.
  const fromDetail = {
    pageUrl: detail.url,
    topicArea: 'Economia',
    socialAction: 'enllac',
    clickIdentifier: 'article-boto',
    contentTitle: 'Els pressupostos de 2027',
    contentFormat: 'text',
    delivertyId: '1001',
    thematic: 'Economia',
    emissionType: 'a la carta',
    contentType: 'noticia',
    section: 'noticies',
    subsection: 'economia',
  };
  const fromDataLayer = {
    programme: 'telenoticies',
    broadcastChannel: '3cat24',
    subsectionLevel1: 'No informat',
    subsectionLevel2: 'No informat',
    portal: '3cat',
    web: 'mesura',
  };

  it.each([
    ['scDVR', 'o', []],
    ['scSubtitols', 'o', []],
    ['scFinestraNova', 'o', ['radioNewWindow']],
    ['scPerMesTard', 'o', []],
    ['scCompartir', 'o', ['share']],
    ['scJugar', 'o', ['play']],
    ['scClicBoto', 'o', ['buttonClick']],
    ['scDescarregar', 'd', ['download']],
    ['scVeureATV', 'o', []],
    ['scParticipar', 'o', ['participate']],
  ])('%s sends a link track of type %s with events %j and the §7 link variables', async (name, linkType, events) => {
    const h = site('https://www.mesura.cat/noticia/1001/pressupostos/');
    h.runtime.track(name, detail);
    await h.clock.advance(0);
    expect(h.handlers.calls).toEqual([
      {
        action: 'sendLink',
        input: {
          linkType,
          linkName: 'Comparteix',
          linkUrl: detail.linkUrl,
          variables: { ...fromDetail, ...fromDataLayer },
          events,
          detail,
        },
      },
    ]);
  });

  it('takes every link variable from the data layer when the call has no detail', async () => {
    const h = site('https://www.mesura.cat/noticia/1001/pressupostos/');
    h.runtime.track('scCompartir');
    await h.clock.advance(0);
    const input = h.handlers.of('sendLink')[0]?.input;
    expect(input).not.toHaveProperty('linkName');
    expect(input?.variables).toMatchObject({ section: 'noticies', subsection: 'politica', topicArea: 'Política', contentTitle: 'Els pressupostos', pageUrl: DATA_LAYER.page.url });
  });

  it("prefers the call's linkName to its text", async () => {
    const h = site('https://www.mesura.cat/');
    h.runtime.track('scJugar', { linkName: 'play-capcalera', linkText: 'Reprodueix' });
    await h.clock.advance(0);
    expect(h.handlers.of('sendLink')[0]?.input.linkName).toBe('play-capcalera');
  });

  it('sends no link without the web-analytics vendor consent', async () => {
    const h = site('https://www.mesura.cat/', {}, []);
    h.runtime.track('scCompartir', detail);
    await h.clock.advance(0);
    expect(h.handlers.calls).toEqual([]);
  });
});

describe('personalisation rules (§2 /noticia/{id}/ three ids, /el-temps/)', () => {
  const routeChange: TagEvent = { type: 'routeChange' };
  const mboxes = async (url: string, options?: SitePropertyOptions, event: TagEvent = routeChange, vendors = ['personalisation']) => {
    const h = site(url, options, vendors);
    await h.fire(event);
    return h.handlers.of('personalize').map((c) => c.input.mbox);
  };

  it.each(['1001', '1002', '1003'])('calls personalisation on article %s', async (id) => {
    expect(await mboxes(`https://www.mesura.cat/noticia/${id}/titol/`)).toEqual([`mesura-noticia-${id}`]);
  });

  it("needs the personalisation vendor's consent", async () => {
    const h = site('https://www.mesura.cat/el-temps/', {}, ['web-analytics']);
    expect(await h.fire({ type: 'routeChange' })).toContainEqual({
      rule: 'personalisation el temps',
      reason: 'conditionFailed',
      index: 1,
      type: 'consentVendor',
    });
    expect(h.handlers.of('personalize')).toEqual([]);
  });

  it('does not on another article or a look-alike id', async () => {
    expect(await mboxes('https://www.mesura.cat/noticia/1004/titol/')).toEqual([]);
    expect(await mboxes('https://www.mesura.cat/noticia/10010/titol/')).toEqual([]);
  });

  it('calls it on a route change to /el-temps/, not on the first view (the global request covers it)', async () => {
    expect(await mboxes('https://www.mesura.cat/el-temps/')).toEqual(['mesura-el-temps']);
    expect(await mboxes('https://www.mesura.cat/el-temps/', {}, { type: 'libraryLoaded' })).toEqual([]);
    expect(await mboxes('https://www.mesura.cat/el-temps-de-vacances/')).toEqual([]);
  });

  it('uses the configured article ids', async () => {
    const options = { personalisationArticleIds: ['2001', '2002', '2003'] };
    expect(await mboxes('https://www.mesura.cat/noticia/2002/x/', options)).toEqual(['mesura-noticia-2002']);
    expect(await mboxes('https://www.mesura.cat/noticia/1001/x/', options)).toEqual([]);
  });
});

describe('audience-measurement rule (§4, §5 vendor entry in the consent list)', () => {
  const url = 'https://am.example/measure.js';

  it('is disabled when no script URL is configured', async () => {
    const h = site('https://www.mesura.cat/', {}, ['audience-measurement']);
    expect(await h.fire({ type: 'libraryLoaded' })).toContainEqual({ rule: 'audience measurement', reason: 'disabled' });
    expect(h.scripts).toEqual([]);
  });

  it('loads the script only with its vendor in the consent list', async () => {
    const without = site('https://www.mesura.cat/', { audienceMeasurementScriptUrl: url }, ['web-analytics']);
    expect(await without.fire({ type: 'libraryLoaded' })).toContainEqual({
      rule: 'audience measurement',
      reason: 'conditionFailed',
      index: 0,
      type: 'consentVendor',
    });
    expect(without.scripts).toEqual([]);

    const withVendor = site('https://www.mesura.cat/', { audienceMeasurementScriptUrl: url }, ['audience-measurement']);
    void withVendor.fire({ type: 'libraryLoaded' });
    await withVendor.clock.advance(0);
    expect(withVendor.scripts.map((s) => s.src)).toEqual([url]);
  });

  it('runs again when consent becomes ready or changes', async () => {
    const h = site('https://www.mesura.cat/', { audienceMeasurementScriptUrl: url }, []);
    await h.fire({ type: 'libraryLoaded' });
    h.consent.vendors.add('audience-measurement');
    void h.fire({ type: 'custom', name: 'mesura:consent-changed' });
    await h.clock.advance(0);
    expect(h.scripts.map((s) => s.src)).toEqual([url]);
  });
});

describe('activity-map rule (§7 script loads: the activity-map module)', () => {
  const url = 'https://www.mesura.cat/mesura-activity-map.js';

  it('loads the module under web-analytics consent, once however many events ask', async () => {
    const h = site('https://www.mesura.cat/', { activityMapScriptUrl: url }, ['web-analytics']);
    void h.fire({ type: 'libraryLoaded' });
    void h.fire({ type: 'custom', name: 'mesura:consent-ready' });
    await h.clock.advance(0);
    expect(h.scripts.map((s) => s.src)).toEqual([url]);
  });

  it('does not load it without web-analytics consent, and is disabled without a URL', async () => {
    const refused = site('https://www.mesura.cat/', { activityMapScriptUrl: url }, ['audience-measurement']);
    expect(await refused.fire({ type: 'libraryLoaded' })).toContainEqual({
      rule: 'activity map',
      reason: 'conditionFailed',
      index: 0,
      type: 'consentVendor',
    });
    expect(refused.scripts).toEqual([]);
    const none = site('https://www.mesura.cat/', {}, ['web-analytics']);
    expect(await none.fire({ type: 'libraryLoaded' })).toContainEqual({ rule: 'activity map', reason: 'disabled' });
  });
});

describe('media tracker rule (§4 player events): loaded on pages with a player, under video-analytics consent', () => {
  const url = 'https://www.mesura.cat/mesura-media.js';
  const withPlayer = (vendors: string[]) => {
    const h = site('https://www.mesura.cat/video/tn/', { mediaScriptUrl: url }, vendors);
    h.setDataLayer({ ...DATA_LAYER, video: { titol: 'Telenotícies' } });
    return h;
  };

  it('loads the media tracker where the data layer has a video group', async () => {
    const h = withPlayer(['video-analytics']);
    void h.fire({ type: 'libraryLoaded' });
    await h.clock.advance(0);
    expect(h.scripts.map((s) => s.src)).toEqual([url]);
  });

  it('loads it on the page view of a page whose video group came after the route change had settled', async () => {
    const h = site('https://www.mesura.cat/video/tn/', { mediaScriptUrl: url }, ['video-analytics', 'web-analytics']);
    h.setDataLayer(DATA_LAYER);
    expect(await h.fire({ type: 'routeChange' })).toContainEqual({ rule: 'media tracker', reason: 'conditionFailed', index: 0, type: 'dataElement' });
    h.setDataLayer({ ...DATA_LAYER, video: { titol: 'Telenotícies' } });
    void h.fire(pageView);
    await h.clock.advance(0);
    expect(h.scripts.map((s) => s.src)).toEqual([url]);
  });

  it('not without the vendor, nor on a page without a player', async () => {
    const refused = withPlayer(['web-analytics']);
    expect(await refused.fire({ type: 'libraryLoaded' })).toContainEqual({ rule: 'media tracker', reason: 'conditionFailed', index: 1, type: 'consentVendor' });
    const noPlayer = site('https://www.mesura.cat/', { mediaScriptUrl: url }, ['video-analytics']);
    expect(await noPlayer.fire({ type: 'libraryLoaded' })).toContainEqual({ rule: 'media tracker', reason: 'conditionFailed', index: 0, type: 'dataElement' });
    expect(noPlayer.scripts).toEqual([]);
  });
});

describe('accounts per environment, chosen by host name (§9 site analytics, site tag of type ga)', () => {
  it('chooses the environment by host name; an unknown host is development', () => {
    expect(environmentForHost('mesura.cat')).toBe('production');
    expect(environmentForHost('www.mesura.cat')).toBe('production');
    expect(environmentForHost('stg.mesura.cat')).toBe('staging');
    expect(environmentForHost('preview.stg.mesura.cat')).toBe('staging');
    expect(environmentForHost('dev.mesura.cat')).toBe('development');
    expect(environmentForHost('127.0.0.1')).toBe('development');
    expect(environmentForHost('LOCALHOST')).toBe('development');
    expect(environmentForHost('mesura.cat.example.com')).toBe('development');
  });

  it('holds a report suite and a ga property id per environment, all distinct', () => {
    expect(SITE_ACCOUNTS.production.reportSuites).toEqual(['mesuraprod']);
    expect(SITE_ACCOUNTS.staging.reportSuites).toEqual(['mesurastg']);
    expect(SITE_ACCOUNTS.development.reportSuites).toEqual(['mesuradev']);
    const gaIds = Object.values(SITE_ACCOUNTS).map((accounts) => accounts.ga.propertyId);
    expect(new Set(gaIds).size).toBe(3);
    for (const id of gaIds) expect(id).toMatch(/^G-[A-Z0-9]+$/);
  });

  it('takes another accounts table', () => {
    const accounts = { ...SITE_ACCOUNTS, staging: { ...SITE_ACCOUNTS.staging, hosts: ['preprod.example.cat'] } };
    expect(environmentForHost('preprod.example.cat', accounts)).toBe('staging');
    expect(environmentForHost('stg.mesura.cat', accounts)).toBe('production');
  });
});

describe('environments and domains (§9 property domain list)', () => {
  it('runs on localhost in development only', async () => {
    const dev = harness(siteProperty({ environment: 'development' }), { url: 'http://localhost:5173/', consent: fakeConsent(['web-analytics']) });
    expect((await dev.runtime.fire(pageView))[0]?.reason).toBe('fired');
    const prod = harness(siteProperty({ environment: 'production' }), { url: 'http://localhost:5173/', consent: fakeConsent(['web-analytics']) });
    expect((await prod.runtime.fire(pageView))[0]?.reason).toBe('domainRefused');
  });

  it('runs on the configured domain', async () => {
    const h = harness(siteProperty({ environment: 'production', domains: ['3cat.cat'] }), { url: 'https://www.3cat.cat/', consent: fakeConsent(['web-analytics']) });
    expect((await h.runtime.fire(pageView))[0]?.reason).toBe('fired');
  });
});

describe('validation', () => {
  it('is a property the runtime accepts in every environment', () => {
    for (const environment of ['development', 'staging', 'production'] as const) {
      expect(validateProperty(siteProperty({ environment, audienceMeasurementScriptUrl: 'https://am.example/s.js' }))).toMatchObject({ ok: true });
    }
    expect(validateProperty(siteProperty())).toMatchObject({ ok: true });
  });
});
