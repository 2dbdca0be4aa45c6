// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { replayQueue, type SnippetQueue } from '../src/command-queue.js';
import { PENDING_LINK_CLICK_KEY } from '@mesura/protocol';
import { withPendingLinkClick } from '../src/pending-link-click.js';
import type { QueuedPage } from '../src/queued-page.js';

const DETAIL = { linkText: 'Mira el directe', identificadorClic: 'cta-directe', seccio: 'portada', url: 'https://mesura.cat/', linkUrl: 'https://mesura.cat/directes/mesura-tv/' };
const KEPT = JSON.stringify(['track', 'scClicBoto', DETAIL]);
const THIS_PAGE = { page: { pageName: 'mesura:directes:mesura-tv' } };
const THIS_ADDRESS = 'https://mesura.cat/directes/mesura-tv/';

/** This page's queue (its page view, made with its data layer) replayed as the SDK does on opening, with what `measuring` lets through. */
function openPage(measuring: boolean) {
  const queue: SnippetQueue = { q: [['track', 'scPageView']], s: [{ data: THIS_PAGE, href: THIS_ADDRESS }] };
  let page: QueuedPage | undefined;
  const calls: [string, unknown, unknown][] = [];
  replayQueue(
    withPendingLinkClick(queue, measuring),
    { track: (name: string, detail?: unknown) => void calls.push([name, detail, page]), setCustomerIds: () => undefined },
    (next) => void (page = next),
  );
  return { calls, page };
}

afterEach(() => sessionStorage.clear());

describe('withPendingLinkClick', () => {
  it('makes the previous page’s call before this page’s, without this page’s data layer or address, and only once', () => {
    sessionStorage.setItem(PENDING_LINK_CLICK_KEY, KEPT);
    const page = openPage(true);
    expect(page.calls).toEqual([
      ['scClicBoto', DETAIL, {}],
      ['scPageView', undefined, { data: THIS_PAGE, href: THIS_ADDRESS }],
    ]);
    expect(page.page).toBeUndefined();
    expect(sessionStorage.getItem(PENDING_LINK_CLICK_KEY)).toBeNull();
    expect(openPage(true).calls.map(([name]) => name)).toEqual(['scPageView']);
  });

  it('makes no call and keeps the click while consent withholds measuring (§4), for a later page', () => {
    sessionStorage.setItem(PENDING_LINK_CLICK_KEY, KEPT);
    expect(openPage(false).calls.map(([name]) => name)).toEqual(['scPageView']);
    expect(sessionStorage.getItem(PENDING_LINK_CLICK_KEY)).toBe(KEPT);
  });

  it('drops what is not a kept track call', () => {
    for (const kept of ['not json', '["setCustomerIds",{}]', '{"call":"scClicBoto"}']) {
      sessionStorage.setItem(PENDING_LINK_CLICK_KEY, kept);
      expect(openPage(true).calls.map(([name]) => name)).toEqual(['scPageView']);
      expect(sessionStorage.getItem(PENDING_LINK_CLICK_KEY)).toBeNull();
    }
  });
});
