// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkInput } from '@mesura/analytics';
import { PENDING_PLAIN_LINK_CLICK_KEY } from '@mesura/protocol';
import { sendPendingPlainLinkClick } from '../src/pending-plain-link-click.js';

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
