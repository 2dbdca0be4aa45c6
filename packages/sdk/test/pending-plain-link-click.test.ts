// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, type LinkInput } from '@mesura/analytics';
import { PENDING_PLAIN_LINK_CLICK_KEY } from '@mesura/protocol';
import { sendPendingPlainLinkClick } from '../src/pending-plain-link-click.js';
import { decodedBeacons, type SentBeacon } from './helpers/sent-beacons.js';

const PAGE = { pageName: 'mesura:portada', pageUrl: 'https://mesura.cat/' };
const keep = (href: string) => sessionStorage.setItem(PENDING_PLAIN_LINK_CLICK_KEY, JSON.stringify({ href, map: { link: 'Enllaç', region: 'peu' }, page: PAGE }));

function send(): LinkInput[] {
  const link = vi.fn<(input: LinkInput) => void>();
  sendPendingPlainLinkClick({ link }, ['mesura.cat']);
  return link.mock.calls.map(([input]) => input);
}

afterEach(() => sessionStorage.clear());

describe('sendPendingPlainLinkClick', () => {
  it('sends an exit link as lnk_e on the page it was clicked on, with its ActivityMap, once', () => {
    keep('https://www.germana.example/');
    expect(send()).toEqual([
      {
        linkType: 'e',
        linkUrl: 'https://www.germana.example/',
        linkText: 'Enllaç',
        variables: {},
        events: [],
        contextData: { 'a.activitymap.page': 'mesura:portada', 'a.activitymap.link': 'Enllaç', 'a.activitymap.region': 'peu', 'a.activitymap.pageIDType': '1' },
        page: PAGE,
      },
    ]);
    expect(send()).toEqual([]);
  });

  it('sends a file link as lnk_d, by the SDK’s own download extensions', () => {
    keep('https://mesura.cat/documents/informe.pdf');
    expect(send().map((input) => [input.linkType, input.linkUrl])).toEqual([['d', 'https://mesura.cat/documents/informe.pdf']]);
  });

  it('drops an internal link and what is not a kept click', () => {
    for (const value of [JSON.stringify({ href: 'https://mesura.cat/noticies/', map: { link: 'x', region: 'y' }, page: PAGE }), 'not json', '{}']) {
      sessionStorage.setItem(PENDING_PLAIN_LINK_CLICK_KEY, value);
      expect(send()).toEqual([]);
      expect(sessionStorage.getItem(PENDING_PLAIN_LINK_CLICK_KEY)).toBeNull();
    }
  });
});

describe('the kept link and the click pending for the next hit', () => {
  it('leaves the pending click to the page view it waits for: the kept link’s hit carries its own ActivityMap', () => {
    const sent: SentBeacon[] = [];
    const analytics = createAnalytics({ reportSuites: ['mesuradev'], transport: { send: (path, query) => sent.push({ path, query }) }, visitorId: () => 'V' });
    // A link within the site clicked on the previous page (by its head, or by its SDK), for this page's page view.
    analytics.rememberClick({ link: 'Notícies', region: 'menu-principal' });
    keep('https://www.germana.example/');
    sendPendingPlainLinkClick(analytics, ['mesura.cat']);
    analytics.pageView({ pageName: 'mesura:noticies', url: 'https://mesura.cat/noticies/', variables: {}, events: [] });
    const activityMaps = decodedBeacons(sent).map((beacon) => [beacon.hitType, beacon.hit.contextData['a.activitymap.link'], beacon.hit.contextData['a.activitymap.region']]);
    expect(activityMaps).toEqual([
      ['link_e', 'Enllaç', 'peu'],
      ['page_view', 'Notícies', 'menu-principal'],
    ]);
  });
});
