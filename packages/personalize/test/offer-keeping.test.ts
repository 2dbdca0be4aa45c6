// @vitest-environment jsdom
// jsdom, as rendering.test.ts: the HTML actions go through DOMPurify, which does not support happy-dom.
import { describe, expect, it } from 'vitest';
import { createSanitizer } from '../src/dompurify-sanitizer.js';
import { REAPPLY_MAX_PER_ACTION, type OfferAction } from '../src/index.js';
import { PAGE_URL, setupClient, type Setup } from './helpers/client.js';
import { flush } from './helpers/fakes.js';

const HEADLINE = '<h1 class="t">Default</h1><p class="s">Summary</p>';

/** A page whose app renders into #root, with `offer` applied for mbox `m`. */
async function rendered(offer: OfferAction[], html = HEADLINE, setup: Setup = {}) {
  const h = setupClient({ ...setup, html: `<div id="root">${html}</div>` });
  expect(await h.client.applyOffer({ mbox: 'm', offer })).toEqual({ outcome: 'rendered' });
  const eventsAfterRender = h.events.length;
  return { ...h, newEvents: () => h.events.slice(eventsAfterRender) };
}

/** What React's createRoot(#root).render() does to the server's first view: the same markup, new elements. */
function rerender(html = HEADLINE): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  root.innerHTML = html;
}

const $ = (selector: string) => document.querySelector(selector);

describe('an applied offer is kept for the page view, across re-renders', () => {
  it('applies a setContent again to the re-rendered element, before the next paint and with no event', async () => {
    const h = await rendered([{ action: 'setContent', selector: 'h1.t', content: '<b>Offer</b>' }]);
    const first = $('h1.t');
    expect(first?.innerHTML).toBe('<b>Offer</b>');
    rerender();
    expect($('h1.t')?.innerHTML).toBe('Default');
    await Promise.resolve(); // the observer's microtask: no task, so no paint, in between
    expect($('h1.t')).not.toBe(first);
    expect($('h1.t')?.innerHTML).toBe('<b>Offer</b>');
    await flush();
    expect(h.newEvents()).toEqual([]);
    expect(h.warnings).toEqual([]);
  });

  it.each<[string, OfferAction, (element: Element | null) => unknown, unknown]>([
    ['setText', { action: 'setText', selector: 'h1.t', content: 'Offer' }, (e) => e?.textContent, 'Offer'],
    ['setStyle', { action: 'setStyle', selector: 'h1.t', content: { color: 'red' } }, (e) => (e as HTMLElement | null)?.style.color, 'red'],
    ['setAttribute', { action: 'setAttribute', selector: 'h1.t', content: { title: 'T' } }, (e) => e?.getAttribute('title'), 'T'],
  ])('applies a %s again', async (_name, action, read, expected) => {
    const h = await rendered([action]);
    expect(read($('h1.t'))).toBe(expected);
    rerender();
    expect(read($('h1.t'))).not.toBe(expected);
    await flush();
    expect(read($('h1.t'))).toBe(expected);
    expect(h.newEvents()).toEqual([]);
  });

  it('tracks clicks on the re-rendered element', async () => {
    const h = await rendered([{ action: 'trackClick', selector: 'h1.t', content: 'm-clicked', clickToken: 'ck-1' }]);
    rerender();
    await flush();
    (document.querySelector('h1.t') as HTMLElement).click();
    await h.timers.advance(0);
    expect(h.transport.calls).toHaveLength(1);
    expect(h.transport.params().get('clickToken')).toBe('ck-1');
  });

  it("tracks clicks on what an earlier action of the offer inserts again: another action's output is no output of its own", async () => {
    const offer: OfferAction[] = [
      { action: 'setContent', selector: '#promo', content: '<a class="go" href="#subscriu">Subscriu-te</a>' },
      { action: 'trackClick', selector: '#promo a', clickToken: 'ck-2' },
    ];
    const h = await rendered(offer, '<div id="promo"><a href="#inici">Inici</a></div>');
    rerender('<div id="promo"><a href="#inici">Inici</a></div>');
    await flush();
    (document.querySelector('#promo a.go') as HTMLElement).click();
    await h.timers.advance(0);
    expect(h.transport.params().get('clickToken')).toBe('ck-2');
  });

  it('removes a re-created element again', async () => {
    const html = '<main><p class="ad">Ad</p><p class="s">Summary</p></main>';
    const h = await rendered([{ action: 'remove', selector: '.ad' }], html);
    expect($('.ad')).toBeNull();
    rerender(html);
    expect($('.ad')).not.toBeNull();
    await flush();
    expect($('.ad')).toBeNull();
    expect($('main')?.innerHTML).toBe('<p class="s">Summary</p>');
    expect(h.newEvents()).toEqual([]);
  });

  it('takes its own removal for no re-render: an element that matches later, outside what was rendered, is left alone', async () => {
    await rendered([{ action: 'remove', selector: '.ad' }], '<main><p class="ad">Ad</p></main>');
    document.body.append(Object.assign(document.createElement('p'), { className: 'ad', textContent: 'Later' }));
    await flush();
    expect($('.ad')?.textContent).toBe('Later');
  });

  it('replaces content again once per re-render, never its own output', async () => {
    const html = '<main><div class="promo">Default</div></main>';
    await rendered([{ action: 'replaceContent', selector: '.promo', content: '<div class="promo">Offer</div>' }], html);
    const own = $('.promo');
    await flush(); // the observer sees our own replacement: nothing to do
    expect($('.promo')).toBe(own);
    rerender(html);
    await flush();
    const again = $('.promo');
    expect(again).not.toBe(own);
    expect(document.querySelectorAll('.promo')).toHaveLength(1);
    expect(again?.textContent).toBe('Offer');
    await flush();
    expect($('.promo')).toBe(again);
  });

  it('never applies an action to what it inserted itself', async () => {
    const html = '<main><p class="promo">Default</p></main>';
    await rendered([{ action: 'insertAfter', selector: '.promo', content: '<p class="promo">Offer</p>' }], html);
    expect($('main')?.innerHTML).toBe('<p class="promo">Default</p><p class="promo">Offer</p>');
    // The page renders the default paragraph anew: the offer goes after it once, not twice.
    $('.promo')?.replaceWith(Object.assign(document.createElement('p'), { className: 'promo', textContent: 'Default' }));
    await flush();
    expect($('main')?.innerHTML).toBe('<p class="promo">Default</p><p class="promo">Offer</p>');
    rerender(html);
    await flush();
    expect($('main')?.innerHTML).toBe('<p class="promo">Default</p><p class="promo">Offer</p>');
  });

  it('inserts sanitised HTML again, with the sanitiser of the first application', async () => {
    let loads = 0;
    const loadSanitizer = () => ((loads += 1), Promise.resolve(createSanitizer(document)));
    const content = '<img src="x.png" onerror="window.pwned = 1"><b>ok</b>';
    await rendered([{ action: 'setContent', selector: 'h1.t', content }], HEADLINE, { deps: { loadSanitizer } });
    rerender();
    await flush();
    expect($('h1.t')?.innerHTML).toBe('<img src="x.png"><b>ok</b>');
    expect(loads).toBe(1);
  });

  it('logs a failed re-application, with no event', async () => {
    const list = '<ul><li>1</li><li>2</li><li>3</li></ul>';
    const h = await rendered([{ action: 'rearrange', selector: 'ul', content: { from: 0, to: 2 } }], list);
    rerender('<ul><li>1</li></ul>');
    await flush();
    expect(h.warnings).toEqual(['rearrange index out of range: 0 → 2']);
    expect(h.newEvents()).toEqual([]);
  });

  it('does not keep JSON offers', async () => {
    const received: unknown[] = [];
    await rendered([{ action: 'setJson', content: { layout: 'b' } }], HEADLINE, { options: { onJson: (json) => void received.push(json) } });
    rerender();
    await flush();
    expect(received).toEqual([{ layout: 'b' }]);
  });
});

describe('what the review of the keeper found', () => {
  it('removes again an element that comes back directly under the container the app renders into', async () => {
    // The site's layout is a fragment: its header, main and footer are children of #root itself.
    const html = '<header class="promo">Default</header><main>Text</main>';
    await rendered([{ action: 'remove', selector: '.promo' }], html);
    rerender(html);
    await flush();
    expect($('.promo')).toBeNull();
    await rendered([{ action: 'replaceContent', selector: '.promo', content: '<p class="offer">Offer</p>' }], html);
    rerender(html);
    await flush();
    expect($('#root')?.innerHTML).toBe('<p class="offer">Offer</p><main>Text</main>');
  });

  it('keeps each of two renders without an mbox', async () => {
    const html = `${HEADLINE}<em class="y">Default</em>`;
    const h = await rendered([{ action: 'setText', selector: 'h1.t', content: 'First' }], html);
    await h.client.applyOffer({ offer: [{ action: 'setText', selector: 'em.y', content: 'Second' }] });
    await h.client.applyOffer({ offer: [{ action: 'setText', selector: 'p.s', content: 'Third' }] });
    rerender(html);
    await flush();
    expect([$('h1.t'), $('em.y'), $('p.s')].map((e) => e?.textContent)).toEqual(['First', 'Second', 'Third']);
  });

  it('keeps it across an in-page link (a change of the address fragment only)', async () => {
    const h = await rendered([{ action: 'setText', selector: 'h1.t', content: 'Offer' }]);
    (h.deps.location as { href: string }).href = `${PAGE_URL}#contingut`;
    rerender();
    await flush();
    expect($('h1.t')?.textContent).toBe('Offer');
  });

  it("does not run a trusted offer's scripts again: such an action is applied once", async () => {
    const trusted = { fragment: (html: string) => document.createRange().createContextualFragment(html), attributeAllowed: () => true };
    const loadSanitizer = () => Promise.resolve(trusted);
    const h = setupClient({ html: `<div id="root">${HEADLINE}</div>`, deps: { loadSanitizer } });
    const responseTokens = { 'activity.trusted': true };
    const offer: OfferAction[] = [{ action: 'setContent', selector: 'h1.t', content: 'Offer<script>window.runs$ = 1</script>', responseTokens }];
    expect(await h.client.applyOffer({ mbox: 'm', offer })).toEqual({ outcome: 'rendered' });
    expect($('h1.t')?.textContent).toContain('Offer');
    rerender();
    await flush();
    expect($('h1.t')?.textContent).toBe('Default');
  });
});

describe('how long an offer is kept', () => {
  it('forgets it once the single-page app navigated: a later re-render is not applied', async () => {
    const h = await rendered([{ action: 'setText', selector: 'h1.t', content: 'Offer' }]);
    (h.deps.location as { href: string }).href = `${PAGE_URL}altra-noticia/`;
    rerender();
    await flush();
    expect($('h1.t')?.textContent).toBe('Default');
    rerender();
    await flush();
    expect($('h1.t')?.textContent).toBe('Default');
  });

  it("keeps the new view's offers", async () => {
    const h = await rendered([{ action: 'setText', selector: 'h1.t', content: 'Offer' }]);
    (h.deps.location as { href: string }).href = `${PAGE_URL}altra-noticia/`;
    rerender();
    await h.client.applyOffer({ mbox: 'm', offer: [{ action: 'setText', selector: 'p.s', content: 'Second view' }] });
    rerender();
    await flush();
    expect($('h1.t')?.textContent).toBe('Default');
    expect($('p.s')?.textContent).toBe('Second view');
  });

  it(`applies an action again at most REAPPLY_MAX_PER_ACTION (${REAPPLY_MAX_PER_ACTION}) times, on a page that re-renders forever`, async () => {
    await rendered([{ action: 'setText', selector: 'h1.t', content: 'Offer' }]);
    let reapplied = 0;
    for (let i = 0; i < REAPPLY_MAX_PER_ACTION + 5; i += 1) {
      rerender();
      await flush();
      if ($('h1.t')?.textContent === 'Offer') reapplied += 1;
    }
    expect(REAPPLY_MAX_PER_ACTION).toBe(20);
    expect(reapplied).toBe(REAPPLY_MAX_PER_ACTION);
  });

  it('replaces what a render kept with what the next render of the same mbox keeps', async () => {
    const html = `${HEADLINE}<span class="x">Default</span><em class="y">Default</em>`;
    const h = await rendered([{ action: 'setText', selector: 'h1.t', content: 'First' }], html);
    await h.client.applyOffer({ mbox: 'other', offer: [{ action: 'setText', selector: 'em.y', content: 'Other' }] });
    await h.client.applyOffer({ mbox: 'm', offer: [{ action: 'setText', selector: 'p.s', content: 'Second' }] });
    rerender(html);
    await flush();
    expect($('h1.t')?.textContent).toBe('Default');
    expect($('p.s')?.textContent).toBe('Second');
    expect($('em.y')?.textContent).toBe('Other');
  });
});
