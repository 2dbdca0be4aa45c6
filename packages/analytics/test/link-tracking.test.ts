// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installLinkTracking, memoryStore, type KeyValueStore } from '../src/index.js';
import { makeAnalytics } from './helpers/analytics.js';

const PAGE_URL = 'https://www.ccma.cat/noticia/1001/pressupostos/';
const PORTADA = { pageName: 'ccma:portada', url: PAGE_URL, variables: {}, events: ['pageView'] };

/** Clicks `selector` the way a visitor does; the page itself does not navigate in the test. */
function click(selector: string): void {
  const target = document.querySelector(selector);
  if (!target) throw new Error(`no ${selector} in the fixture`);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

const preventNavigation = (event: Event) => event.preventDefault();
let uninstalls: (() => void)[] = [];

function setUp(options: { internalHosts?: string[]; downloadExtensions?: string[]; clickStore?: KeyValueStore } = {}) {
  const page = makeAnalytics({ clickStore: options.clickStore ?? memoryStore() });
  page.analytics.pageView(PORTADA);
  page.sent.length = 0;
  uninstalls.push(installLinkTracking({ analytics: page.analytics, ...options }));
  return page;
}

beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(PAGE_URL);
  document.body.innerHTML = `
    <main id="contingut">
      <a id="pdf" href="/docs/pressupostos.pdf">Descarrega el PDF</a>
      <a id="exit" href="https://www.3cat.cat/programa/"><span>3Cat</span></a>
      <a id="internal" href="/el-temps/">El temps</a>
      <button id="share" aria-label="Comparteix"></button>
      <p id="text">Text</p>
    </main>`;
  document.addEventListener('click', preventNavigation);
});

afterEach(() => {
  uninstalls.forEach((uninstall) => uninstall());
  uninstalls = [];
  document.removeEventListener('click', preventNavigation);
});

describe('installLinkTracking', () => {
  it('sends a click on a download as lnk_d with its URL, text and ActivityMap', () => {
    const { sent, last } = setUp();
    click('#pdf');
    expect(sent).toHaveLength(1);
    const { hitType, hit } = last();
    expect(hitType).toBe('link_d');
    expect(hit.link).toEqual({ type: 'd', url: 'https://www.ccma.cat/docs/pressupostos.pdf', name: 'Descarrega el PDF' });
    expect(hit.contextData).toEqual({
      'a.activitymap.page': 'ccma:portada',
      'a.activitymap.link': 'Descarrega el PDF',
      'a.activitymap.region': 'contingut',
      'a.activitymap.pageIDType': '1',
    });
    expect(hit.pageName).toBe('ccma:portada');
  });

  it('sends a click on a link to another host as lnk_e', () => {
    const { last } = setUp();
    click('#exit span');
    expect(last().hitType).toBe('link_e');
    expect(last().hit.link).toEqual({ type: 'e', url: 'https://www.3cat.cat/programa/', name: '3Cat' });
    expect(last().hit.contextData['a.activitymap.link']).toBe('3Cat');
  });

  it('does not send a download or exit link the page measures with a call of its own (data-mesura-call): it is not counted twice', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<a id="own-pdf" data-mesura-call="scDescarregar" href="/docs/x.pdf"><span>PDF</span></a><a id="own-exit" data-mesura-call="scCompartir" href="https://x.com/intent/post">X</a>',
    );
    const { sent } = setUp();
    click('#own-pdf span');
    click('#own-exit');
    expect(sent).toHaveLength(0);
    click('#pdf');
    expect(sent).toHaveLength(1);
  });

  it('does not count a host of the internal-host filter as an exit', () => {
    const { sent } = setUp({ internalHosts: ['3cat.cat'] });
    click('#exit');
    expect(sent).toHaveLength(0);
  });

  it('follows the configured download extensions', () => {
    const { sent } = setUp({ downloadExtensions: ['epub'] });
    click('#pdf');
    expect(sent).toHaveLength(0);
  });

  it('sends nothing for an internal link, and the next page view carries its ActivityMap once', () => {
    const { analytics, sent, beacons } = setUp();
    click('#internal');
    expect(sent).toHaveLength(0);
    analytics.pageView({ pageName: 'el-temps', url: 'https://www.ccma.cat/el-temps/', variables: {}, events: ['pageView'] });
    analytics.pageView({ pageName: 'portada', url: 'https://www.ccma.cat/', variables: {}, events: ['pageView'] });
    const [afterClick, later] = beacons();
    expect(afterClick!.hit.contextData).toEqual({
      'a.activitymap.page': 'ccma:portada',
      'a.activitymap.link': 'El temps',
      'a.activitymap.region': 'contingut',
      'a.activitymap.pageIDType': '1',
    });
    expect(later!.hit.contextData).toEqual({});
  });

  it("gives a button click's ActivityMap to the link hit a tag sends for it", () => {
    const { analytics, beacons } = setUp();
    document.querySelector('#share')!.addEventListener('click', () => analytics.link({ linkName: 'scCompartir', variables: {}, events: ['share'] }));
    click('#share');
    analytics.pageView(PORTADA);
    const [link, pageView] = beacons();
    expect(link!.hit.contextData).toMatchObject({ 'a.activitymap.link': 'Comparteix', 'a.activitymap.region': 'contingut' });
    expect(pageView!.hit.contextData).toEqual({});
  });

  it('keeps the pending click through clearVariables, as a route change clears before its page view', () => {
    const { analytics, last } = setUp();
    click('#internal');
    analytics.clearVariables();
    analytics.pageView({ pageName: 'el-temps', url: 'https://www.ccma.cat/el-temps/', variables: {}, events: [] });
    expect(last().hit.contextData['a.activitymap.link']).toBe('El temps');
  });

  it('keeps the click across a full page load through the click store', () => {
    const store = memoryStore();
    setUp({ clickStore: store });
    click('#internal');
    const nextPage = makeAnalytics({ clickStore: store });
    nextPage.analytics.pageView({ pageName: 'el-temps', url: 'https://www.ccma.cat/el-temps/', variables: {}, events: [] });
    expect(nextPage.last().hit.contextData['a.activitymap.page']).toBe('ccma:portada');
  });

  it('reports no remembered click with the next page view when inline stats are off (§9 "inline stats")', () => {
    const store = memoryStore();
    const page = makeAnalytics({ clickStore: store, trackInlineStats: false });
    page.analytics.pageView(PORTADA);
    uninstalls.push(installLinkTracking({ analytics: page.analytics }));
    click('#internal');
    click('#pdf');
    page.analytics.pageView({ pageName: 'el-temps', url: 'https://www.ccma.cat/el-temps/', variables: {}, events: [] });
    const [, download, next] = page.beacons();
    expect(download!.hit.contextData['a.activitymap.link']).toBe('Descarrega el PDF');
    expect(next!.hit.contextData).toEqual({});
    expect(store.getItem('mesura_click')).toBeNull();
  });

  it('ignores clicks outside links and buttons', () => {
    const { analytics, sent, last } = setUp();
    click('#text');
    analytics.pageView(PORTADA);
    expect(sent).toHaveLength(1);
    expect(last().hit.contextData).toEqual({});
  });

  it('stops when uninstalled', () => {
    const { sent } = setUp();
    uninstalls.pop()!();
    click('#pdf');
    click('#exit');
    expect(sent).toHaveLength(0);
  });
});
