// @vitest-environment happy-dom
import { PENDING_LINK_CLICK_KEY, PENDING_PLAIN_LINK_CLICK_KEY } from '@mesura/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { capturePendingActivityMap } from '../src/early-input/capture-pending-activity-map';
import { capturePendingLinkClick } from '../src/early-input/capture-pending-link-click';
import { linkCallAttributes } from '../src/early-input/link-call-attributes';

/** @mesura/analytics PENDING_CLICK_KEY: the click the SDK's next page view or link takes. */
const PENDING_CLICK_KEY = 'mesura_click';
const HOME = 'mesura:portada';

let stopCapture: () => void;

/** The head's captures, as the page runs them, their listeners removed after each test. */
function startCapture(): () => void {
  const controller = new AbortController();
  const page = {
    document,
    location,
    sessionStorage,
    get mesura() {
      return window.mesura;
    },
    get mesuraData() {
      return window.mesuraData;
    },
    addEventListener: (type: string, listener: EventListener, capture?: boolean) => window.addEventListener(type, listener, { capture: capture === true, signal: controller.signal }),
  } as unknown as Window;
  capturePendingLinkClick(page);
  capturePendingActivityMap(page);
  return () => controller.abort();
}

/** The server's first view naming `pageName` (null: none), with `href` in a region of id `region`. */
function showLink(href: string, { text = 'Notícies', region = 'menu-principal', pageName = HOME as string | null } = {}) {
  const root = Object.assign(document.createElement('div'), { id: 'root' });
  if (pageName) root.setAttribute('data-mesura-page-name', pageName);
  const nav = Object.assign(document.createElement('nav'), { id: region });
  const link = Object.assign(document.createElement('a'), { href, textContent: text });
  nav.append(link);
  root.append(nav);
  document.body.append(root);
  return link;
}

/** A click as a visitor's, without the browser following the link (happy-dom would). */
function click(element: Element) {
  element.addEventListener('click', (e) => e.preventDefault(), { once: true });
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

const stored = (key: string) => JSON.parse(sessionStorage.getItem(key) ?? 'null');
const activityMap = (page: string, link: string, region: string, pageIDType: '0' | '1') => ({
  'a.activitymap.page': page,
  'a.activitymap.link': link,
  'a.activitymap.region': region,
  'a.activitymap.pageIDType': pageIDType,
});

/**
 * The SDK replaying a page view the snippet's queue held: its hit takes the pending click
 * (analytics.ts `pageView`), then it announces the page (start.ts, @mesura/site-property
 * PAGE_VIEW_EVENT; packages/sdk test/remembered-click.test.ts holds the SDK to both). Answers the
 * click the page view took.
 */
function replayPageView(): unknown {
  const click = stored(PENDING_CLICK_KEY);
  sessionStorage.removeItem(PENDING_CLICK_KEY);
  window.dispatchEvent(new CustomEvent('mesura:page-view'));
  return click;
}

beforeEach(() => {
  stopCapture = startCapture();
});
afterEach(() => {
  stopCapture();
  document.body.replaceChildren();
  sessionStorage.clear();
  document.cookie = 'euconsent-v2=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
  delete window.mesura;
  delete window.mesuraData;
});

describe('a link within the site clicked while /mesura.js is not running', () => {
  it('is remembered as the SDK remembers a click, for its next page view', () => {
    click(showLink('/noticies/', { text: '  Notícies\n ' }));
    expect(stored(PENDING_CLICK_KEY)).toEqual(activityMap(HOME, 'Notícies', 'menu-principal', '1'));
    expect(stored(PENDING_PLAIN_LINK_CLICK_KEY)).toBeNull();
    expect([replayPageView(), replayPageView()]).toEqual([activityMap(HOME, 'Notícies', 'menu-principal', '1'), null]);
  });

  it('names the page by its address when the first view names none, and the link by its label when it reads nothing', () => {
    const link = showLink('/', { text: ' ', pageName: null, region: 'capcalera' });
    link.setAttribute('aria-label', 'Portada');
    click(link);
    expect(stored(PENDING_CLICK_KEY)).toEqual(activityMap(location.href, 'Portada', 'capcalera', '0'));
  });

  it.each([
    ['a page of the site', '/noticies/', PENDING_CLICK_KEY],
    ['a subdomain of the site', `http://m.${location.hostname}/`, PENDING_CLICK_KEY],
    ['a mail address (no hit of its own)', 'mailto:redaccio@mesura.cat', PENDING_CLICK_KEY],
    ['another site (an exit link)', 'https://www.germana.example/', PENDING_PLAIN_LINK_CLICK_KEY],
    ['a file of the site (a download)', '/documents/informe.PDF', PENDING_PLAIN_LINK_CLICK_KEY],
    ['a file elsewhere (a download)', 'https://cdn.germana.example/podcast/capitol.mp3', PENDING_PLAIN_LINK_CLICK_KEY],
    ['subtitles (a download)', '/subtitols/capitol.vtt', PENDING_PLAIN_LINK_CLICK_KEY],
  ])('classifies a link to %s as the SDK’s rules do: it goes under %s', (_what, href, key) => {
    click(showLink(href));
    const other = key === PENDING_CLICK_KEY ? PENDING_PLAIN_LINK_CLICK_KEY : PENDING_CLICK_KEY;
    expect([stored(key) !== null, stored(other)]).toEqual([true, null]);
  });

  it('remembers a link with a direct call of its own, even to another site, for that call’s link hit', () => {
    const link = showLink('https://www.germana.example/', { text: 'Comparteix' });
    link.setAttribute('data-mesura-call', 'scCompartir');
    click(link);
    expect(stored(PENDING_CLICK_KEY)).toEqual(activityMap(HOME, 'Comparteix', 'menu-principal', '1'));
    expect(stored(PENDING_PLAIN_LINK_CLICK_KEY)).toBeNull();
  });

  it('is remembered with a stored choice that allows web analytics or none yet; never after a refusal, nor once the SDK runs', () => {
    document.cookie = 'euconsent-v2=CQ; Path=/';
    click(showLink('/noticies/'));
    expect(stored(PENDING_CLICK_KEY)).toBeNull();
    window.mesura = { a: true } as never;
    click(showLink('/noticies/'));
    expect(stored(PENDING_CLICK_KEY)).not.toBeNull();
    sessionStorage.clear();
    window.mesura = { a: true, analytics: {} } as never;
    click(showLink('/noticies/'));
    expect(stored(PENDING_CLICK_KEY)).toBeNull();
  });

  it('waits, when the app has queued page views for the SDK, until the SDK has replayed the last of them', () => {
    window.mesura = {
      q: [
        ['track', 'scPageView'],
        ['track', 'scCompartir'],
        ['track', 'scPageView'],
      ],
      d: [],
    } as never;
    window.mesuraData = { page: { pageName: HOME } } as never;
    click(showLink('/noticies/', { pageName: null }));
    expect(stored(PENDING_CLICK_KEY)).toBeNull();
    // The SDK opens: two page views queued before the click, then the route change's.
    expect([replayPageView(), replayPageView(), replayPageView()]).toEqual([null, null, activityMap(HOME, 'Notícies', 'menu-principal', '1')]);
  });

  it('waits for the next page’s page view when the page is left before the SDK ran; not when its own page view was queued here', () => {
    window.mesura = { q: [['track', 'scPageView']], d: [] } as never;
    click(showLink('/noticies/'));
    window.dispatchEvent(new Event('pagehide'));
    expect(stored(PENDING_CLICK_KEY)).toEqual(activityMap(HOME, 'Notícies', 'menu-principal', '1'));

    sessionStorage.clear();
    click(showLink('/el-temps/'));
    (window.mesura as unknown as { q: unknown[][] }).q.push(['track', 'scPageView']);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored(PENDING_CLICK_KEY)).toBeNull();
  });

  it('goes with a tracked link’s call kept before the app, and no other click takes its place while the call waits', () => {
    const tracked = showLink('/directes/mesura-tv/', { text: 'Mira el directe', region: 'destacat' });
    for (const [name, value] of Object.entries(linkCallAttributes('scClicBoto', { linkText: 'Mira el directe', identificadorClic: 'cta-directe', seccio: 'portada', url: '', linkUrl: '' })))
      tracked.setAttribute(name, value);
    click(tracked);
    expect(stored(PENDING_LINK_CLICK_KEY)).not.toBeNull();
    expect(stored(PENDING_CLICK_KEY)).toEqual(activityMap(HOME, 'Mira el directe', 'destacat', '1'));

    document.body.replaceChildren();
    click(showLink('/noticies/'));
    expect(stored(PENDING_CLICK_KEY)).toEqual(activityMap(HOME, 'Mira el directe', 'destacat', '1'));
  });
});

describe('a link to another site or a file, which the page does not measure itself', () => {
  it('is kept for the activity-map module, with its ActivityMap and the page it was clicked on', () => {
    click(showLink('https://www.germana.example/', { text: '  www.germana.example ', region: 'germanes' }));
    expect(stored(PENDING_PLAIN_LINK_CLICK_KEY)).toEqual({
      href: 'https://www.germana.example/',
      map: { link: 'www.germana.example', region: 'germanes' },
      page: { pageName: HOME, pageUrl: location.href },
    });
    // Nothing of it goes into a tracked link's call, nor with the next page view.
    expect([stored(PENDING_LINK_CLICK_KEY), stored(PENDING_CLICK_KEY)]).toEqual([null, null]);
  });

  it('names the page the data layer shows once the app has sent a page view (a route change)', () => {
    window.mesuraData = { page: { pageName: 'mesura:noticies' } } as never;
    click(showLink('https://www.germana.example/'));
    expect(stored(PENDING_PLAIN_LINK_CLICK_KEY).page.pageName).toBe('mesura:noticies');
  });

  it('is kept with a stored choice that allows web analytics, until the SDK runs; never after a refusal', () => {
    document.cookie = 'euconsent-v2=CQ; Path=/';
    click(showLink('https://www.germana.example/'));
    expect(stored(PENDING_PLAIN_LINK_CLICK_KEY)).toBeNull();
    window.mesura = { a: true } as never;
    click(showLink('https://www.germana.example/'));
    expect(stored(PENDING_PLAIN_LINK_CLICK_KEY)).not.toBeNull();
    sessionStorage.clear();
    window.mesura = { a: true, analytics: {} } as never;
    click(showLink('https://www.germana.example/'));
    expect(stored(PENDING_PLAIN_LINK_CLICK_KEY)).toBeNull();
  });
});

describe('a page that starts with a refusal stored', () => {
  it('drops what earlier clicks kept, so that a later consent sends none of it', () => {
    sessionStorage.setItem(PENDING_CLICK_KEY, JSON.stringify(activityMap(HOME, 'Notícies', 'menu-principal', '1')));
    sessionStorage.setItem(PENDING_PLAIN_LINK_CLICK_KEY, '{}');
    sessionStorage.setItem(PENDING_LINK_CLICK_KEY, '["track","scClicBoto",{}]');
    window.mesura = { a: true } as never;
    stopCapture();
    stopCapture = startCapture();
    expect(sessionStorage.length).toBe(3);

    document.cookie = 'euconsent-v2=CQ; Path=/';
    window.mesura = {} as never;
    stopCapture();
    stopCapture = startCapture();
    // The tracked link's call waits for consent on any later page (packages/sdk pending-link-click.ts).
    expect([stored(PENDING_CLICK_KEY), stored(PENDING_PLAIN_LINK_CLICK_KEY), stored(PENDING_LINK_CLICK_KEY)]).toEqual([null, null, ['track', 'scClicBoto', {}]]);
  });
});
