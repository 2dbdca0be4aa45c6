// @vitest-environment happy-dom
import { PENDING_LINK_CLICK_KEY, PENDING_LINK_PAGE_FIELD } from '@mesura/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { capturePendingLinkClick } from '../src/early-input/capture-pending-link-click';
import { linkCallAttributes } from '../src/early-input/link-call-attributes';

const DETAIL = { linkText: 'Mira el directe', url: '', identificadorClic: 'cta-directe', seccio: 'portada', linkUrl: 'https://elsewhere.example/' };

/** The first view's tracked link, as call-to-action.tsx renders it, and a link the page does not track. */
function showFirstView() {
  const root = document.createElement('div');
  root.id = 'root';
  const tracked = Object.assign(document.createElement('a'), { href: '/directes/mesura-tv/', textContent: 'Mira el directe' });
  for (const [name, value] of Object.entries(linkCallAttributes('scClicBoto', DETAIL))) tracked.setAttribute(name, value);
  const plain = Object.assign(document.createElement('a'), { href: '/noticies/', textContent: 'Notícies' });
  root.append(tracked, plain);
  document.body.append(root);
  return { root, tracked, plain };
}

/** A click as a visitor's, without the browser following the link (happy-dom would). */
function click(element: Element) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.addEventListener('click', (e) => e.preventDefault(), { once: true });
  element.dispatchEvent(event);
}

beforeAll(() => capturePendingLinkClick(window));
afterEach(() => {
  document.getElementById('root')?.remove();
  sessionStorage.clear();
});

describe('a tracked link clicked before the app', () => {
  it('keeps its direct call with the page’s and the link’s addresses, and the page it was clicked on, under the SDK’s key', () => {
    const { root, tracked } = showFirstView();
    // The server's first view names the page on the root (server/src/http/first-view.ts PAGE_NAME_ATTRIBUTE).
    root.setAttribute('data-mesura-page-name', 'mesura:portada');
    click(tracked);
    const page = { pageName: 'mesura:portada', pageUrl: window.location.href };
    expect(JSON.parse(sessionStorage.getItem(PENDING_LINK_CLICK_KEY)!)).toEqual([
      'track',
      'scClicBoto',
      {
        linkText: 'Mira el directe',
        identificadorClic: 'cta-directe',
        seccio: 'portada',
        url: window.location.href,
        linkUrl: new URL('/directes/mesura-tv/', window.location.href).href,
        [PENDING_LINK_PAGE_FIELD]: page,
      },
    ]);
  });

  it('keeps the page’s address alone when the first view names no page (the not-found page)', () => {
    click(showFirstView().tracked);
    expect(JSON.parse(sessionStorage.getItem(PENDING_LINK_CLICK_KEY)!)[2][PENDING_LINK_PAGE_FIELD]).toEqual({ pageUrl: window.location.href });
  });

  it('keeps nothing for a link the page does not track, nor once the app runs (its own handler makes the call)', () => {
    const { root, tracked, plain } = showFirstView();
    click(plain);
    expect(sessionStorage.getItem(PENDING_LINK_CLICK_KEY)).toBeNull();
    root.setAttribute('data-app', 'ready');
    click(tracked);
    expect(sessionStorage.getItem(PENDING_LINK_CLICK_KEY)).toBeNull();
  });
});
