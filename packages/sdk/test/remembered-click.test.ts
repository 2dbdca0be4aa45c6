// @vitest-environment happy-dom
/**
 * What a site's head relies on to remember a click made before /mesura.js ran (apps/site
 * early-input/capture-pending-activity-map.ts, which spells these names out): the SDK's next page
 * view takes the click kept under PENDING_CLICK_KEY, and each page view, replayed from the
 * snippet's queue or not, is announced (PAGE_VIEW_EVENT) before the next one takes a click.
 */
import { PENDING_CLICK_KEY } from '@mesura/analytics';
import { createIdentity } from '@mesura/identity';
import { PAGE_VIEW_EVENT } from '@mesura/site-property';
import { afterEach, describe, expect, it } from 'vitest';
import { ALLOW_ALL, startMesura } from '../src/index.js';
import { decodedBeacons, settle, type SentBeacon } from './helpers/sent-beacons.js';

const activityMap = (link: string) => ({
  'a.activitymap.page': 'mesura:portada',
  'a.activitymap.link': link,
  'a.activitymap.region': 'menu-principal',
  'a.activitymap.pageIDType': '1',
});

function start(sent: SentBeacon[]) {
  let cookies = '';
  const hostname = 'stg.mesura.cat';
  return startMesura({
    config: { gaDestination: false },
    consent: ALLOW_ALL,
    identity: createIdentity({ jar: { get: () => cookies, set: (cookie: string) => void (cookies = cookie.split(';')[0]!) }, secure: false }),
    hostname,
    transport: { send: (path: string, query: string) => sent.push({ path, query }) },
    env: { location: { href: 'https://stg.mesura.cat/noticies/', pathname: '/noticies/', search: '', hostname } },
  });
}

afterEach(() => {
  sessionStorage.clear();
  delete window.mesuraData;
});

describe('a click remembered before the SDK ran', () => {
  it('goes with the next page view, and each page view is announced before the next one takes a click', async () => {
    window.mesuraData = { page: { pageName: 'mesura:noticies' }, user: {} };
    sessionStorage.setItem(PENDING_CLICK_KEY, JSON.stringify(activityMap('Notícies')));
    let announced = 0;
    const announce = () => {
      announced += 1;
      // As the head does for a click made after the first queued page view.
      if (announced === 1) sessionStorage.setItem(PENDING_CLICK_KEY, JSON.stringify(activityMap('El temps')));
    };
    addEventListener(PAGE_VIEW_EVENT, announce);
    const sent: SentBeacon[] = [];
    const mesura = start(sent);
    // Replayed from the snippet's queue: one call after the other, before any has been handled.
    for (let i = 0; i < 3; i++) mesura.runtime.track('scPageView');
    await settle();
    removeEventListener(PAGE_VIEW_EVENT, announce);

    const pageViews = decodedBeacons(sent).filter(({ hitType }) => hitType === 'page_view');
    const activityMaps = pageViews.map(({ hit }) => Object.fromEntries(Object.entries(hit.contextData).filter(([key]) => key.startsWith('a.activitymap.'))));
    expect(activityMaps).toEqual([activityMap('Notícies'), activityMap('El temps'), {}]);
    expect(announced).toBe(3);
  });
});
