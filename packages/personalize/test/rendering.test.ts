// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { OfferAction } from '../src/index.js';
import { setupClient, type Setup } from './helpers/client.js';
import { deliveryAnswer } from './helpers/fakes.js';

const TRUSTED = { 'activity.id': 9, 'activity.trusted': true };

/** applyOffer on a page with `html`. */
async function apply(offer: OfferAction[], html: string, options: { selector?: string; mbox?: string } = {}, setup: Setup = {}) {
  const h = setupClient({ ...setup, html });
  const outcome = await h.client.applyOffer({ mbox: 'mesura-noticia-1001', ...options, offer });
  return { ...h, outcome, body: document.body.innerHTML };
}

describe('offer actions (wire-formats §3)', () => {
  it.each<[string, OfferAction, string]>([
    ['setContent', { action: 'setContent', selector: '#a', content: '<b>new</b>' }, '<div id="a"><b>new</b></div>'],
    ['appendContent', { action: 'appendContent', selector: '#a', content: '<i>+</i>' }, '<div id="a"><p>old</p><i>+</i></div>'],
    ['prependContent', { action: 'prependContent', selector: '#a', content: '<i>+</i>' }, '<div id="a"><i>+</i><p>old</p></div>'],
    ['replaceContent', { action: 'replaceContent', selector: '#a', content: '<section>s</section>' }, '<section>s</section>'],
    ['insertBefore', { action: 'insertBefore', selector: '#a', content: '<hr>' }, '<hr><div id="a"><p>old</p></div>'],
    ['insertAfter', { action: 'insertAfter', selector: '#a', content: '<hr>' }, '<div id="a"><p>old</p></div><hr>'],
    ['setText', { action: 'setText', selector: '#a p', content: '<b>as text</b>' }, '<div id="a"><p>&lt;b&gt;as text&lt;/b&gt;</p></div>'],
    ['setContent of content type text', { action: 'setContent', selector: '#a p', content: '<b>as text</b>', contentType: 'text' }, '<div id="a"><p>&lt;b&gt;as text&lt;/b&gt;</p></div>'],
    ['remove', { action: 'remove', cssSelector: '#a p' }, '<div id="a"></div>'],
    ['setAttribute', { action: 'setAttribute', selector: '#a', content: { title: 'T', 'data-x': '1' } }, '<div id="a" title="T" data-x="1"><p>old</p></div>'],
    ['setStyle', { action: 'setStyle', selector: '#a', content: { color: 'red', priority: 'important' } }, '<div id="a" style="color: red !important;"><p>old</p></div>'],
  ])('%s', async (_name, action, expected) => {
    const h = await apply([action], '<div id="a"><p>old</p></div>');
    expect(h.outcome).toEqual({ outcome: 'rendered' });
    expect(h.body).toBe(expected);
  });

  it('rearrange moves a child', async () => {
    const h = await apply([{ action: 'rearrange', selector: 'ul', content: { from: 0, to: 2 } }], '<ul><li>1</li><li>2</li><li>3</li></ul>');
    expect(h.body).toBe('<ul><li>2</li><li>3</li><li>1</li></ul>');
  });

  it('applies an action to every element its selector matches', async () => {
    const h = await apply([{ action: 'setText', selector: '.t', content: 'x' }], '<p class="t">a</p><p class="t">b</p>');
    expect(h.body).toBe('<p class="t">x</p><p class="t">x</p>');
  });

  it('prefers cssSelector to selector', async () => {
    const h = await apply([{ action: 'setText', selector: 'HTML > BODY > P:eq(0)', cssSelector: '#b', content: 'x' }], '<p id="b">a</p>');
    expect(h.body).toBe('<p id="b">x</p>');
  });

  it("puts an offer's html into applyOffer's selector", async () => {
    const h = await apply([{ action: 'setContent', content: '<b>x</b>' }], '<div id="slot"></div>', { selector: '#slot' });
    expect(h.body).toBe('<div id="slot"><b>x</b></div>');
  });

  it('appends the global mbox html without a selector to head', async () => {
    const h = await apply([{ action: 'setContent', content: '<style id="ab">.x{}</style>' }], '', { mbox: 'target-global-mbox' });
    expect(h.outcome).toEqual({ outcome: 'rendered' });
    expect(document.head.querySelector('#ab')?.textContent).toBe('.x{}');
  });

  it('fails an action without a selector outside the global mbox', async () => {
    const h = await apply([{ action: 'setContent', content: 'x' }], '');
    expect(h.outcome).toEqual({ outcome: 'rendering-failed', message: 'Action has no selector: setContent' });
  });

  it('hands JSON offers to onJson with the mbox and response tokens', async () => {
    const received: unknown[] = [];
    const h = await apply(
      [{ action: 'setJson', content: { layout: 'b' }, responseTokens: { 'activity.id': 1 } }],
      '',
      {},
      {
        options: { onJson: (json, context) => void received.push(json, context) },
      },
    );
    expect(h.outcome).toEqual({ outcome: 'rendered' });
    expect(received).toEqual([{ layout: 'b' }, { mbox: 'mesura-noticia-1001', responseTokens: { 'activity.id': 1 } }]);
  });

  it('logs a JSON offer nobody takes', async () => {
    const h = await apply([{ action: 'setJson', content: {} }], '');
    expect(h.warnings).toEqual(['JSON offer ignored: no onJson option']);
  });

  it('redirects with location.replace and renders nothing else', async () => {
    const h = await apply(
      [
        { action: 'setText', selector: '#a', content: 'x' },
        { action: 'redirect', content: 'https://www.example.cat/b/' },
      ],
      '<p id="a">a</p>',
    );
    expect(h.outcome).toEqual({ outcome: 'redirected', url: 'https://www.example.cat/b/' });
    expect(h.redirects).toEqual(['https://www.example.cat/b/']);
    expect(h.body).toBe('<p id="a">a</p>');
  });

  it('refuses a redirect to a javascript: URL', async () => {
    const h = await apply([{ action: 'redirect', content: 'javascript:alert(1)' }], '');
    expect(h.outcome).toEqual({ outcome: 'rendering-failed', message: 'Redirect refused: not http(s): javascript:alert(1)' });
    expect(h.redirects).toEqual([]);
  });

  it('fails an unknown action but renders the others', async () => {
    const h = await apply(
      [
        { action: 'setText', selector: '#a', content: 'x' },
        { action: 'dance' as 'remove', selector: '#a' },
      ],
      '<p id="a">a</p>',
    );
    expect(h.outcome).toEqual({ outcome: 'rendering-failed', message: 'Unsupported action: dance' });
    expect(h.body).toBe('<p id="a">x</p>');
  });

  it('reports trackClick clicks with the click token', async () => {
    const h = await apply([{ action: 'trackClick', selector: '#buy', content: 'mesura-buy-clicked', clickToken: 'ck-1' }], '<button id="buy">b</button>');
    document.getElementById('buy')?.click();
    await h.timers.advance(0);
    expect(h.transport.params().get('mbox')).toBe('mesura-buy-clicked');
    expect(h.transport.params().get('clickToken')).toBe('ck-1');
    expect(h.transport.calls[0]?.init.keepalive).toBe(true);
  });

  it('applies the actions in the offer order, each to what its selector matches then: a click goal on a new link counts', async () => {
    const offer: OfferAction[] = [
      { action: 'setContent', selector: '#promo', content: '<a id="new" href="/subscriu">Subscriu-te</a>' },
      { action: 'trackClick', selector: '#promo a', clickToken: 'ck-2' },
    ];
    const h = await apply(offer, '<div id="promo"><a id="old" href="/">Inici</a></div>');
    expect(h.outcome).toEqual({ outcome: 'rendered' });
    document.getElementById('new')?.click();
    await h.timers.advance(0);
    expect(h.transport.params().get('clickToken')).toBe('ck-2');
  });

  it('renders with no applyOffer mbox', async () => {
    const h = setupClient({ html: '<p id="a">a</p>' });
    expect(await h.client.applyOffer({ offer: [{ action: 'setText', selector: '#a', content: 'x' }] })).toEqual({ outcome: 'rendered' });
    expect(h.events.at(-1)).toEqual({ type: 'mesura:personalize:content-rendering-succeeded', tracking: { sessionId: undefined, deviceId: undefined } });
  });
});

describe('waiting for selectors (§9 selector polling timeout 5000 ms)', () => {
  it('renders into an element that appears within 5000 ms', async () => {
    const h = setupClient({ html: '' });
    const outcome = h.client.applyOffer({ offer: [{ action: 'setText', selector: '#late', content: 'x' }] });
    await h.timers.advance(4900);
    document.body.innerHTML = '<p id="late">default</p>';
    await h.timers.advance(25);
    expect(document.getElementById('late')?.textContent).toBe('x');
    expect(await outcome).toEqual({ outcome: 'rendered' });
  });

  it('gives up at exactly 5000 ms', async () => {
    const h = setupClient({ html: '' });
    let outcome: unknown;
    void h.client.applyOffer({ offer: [{ action: 'setText', selector: '#never', content: 'x' }] }).then((o) => (outcome = o));
    await h.timers.advance(4999);
    expect(outcome).toBeUndefined();
    await h.timers.advance(1);
    expect(outcome).toEqual({ outcome: 'rendering-failed', message: 'Actions with missing selectors: #never' });
    expect(h.timers.pending()).toBe(0);
  });

  it('fails an invalid selector at once', async () => {
    const h = setupClient({ html: '' });
    expect(await h.client.applyOffer({ offer: [{ action: 'remove', selector: '#[' }] })).toEqual({
      outcome: 'rendering-failed',
      message: 'Actions with missing selectors: #[',
    });
  });
});

describe('sanitising offer HTML', () => {
  const EVIL = '<img src="x.png" onerror="window.pwned = 1"><script>window.pwned = 2</script><a href="javascript:alert(1)">a</a><b>ok</b>';

  it('strips <script>, onerror= and javascript: URLs', async () => {
    const h = await apply([{ action: 'setContent', selector: '#a', content: EVIL }], '<div id="a"></div>');
    expect(h.body).toBe('<div id="a"><img src="x.png"><a>a</a><b>ok</b></div>');
  });

  it.each(['appendContent', 'prependContent', 'replaceContent', 'insertBefore', 'insertAfter'] as const)('strips them in %s too', async (action) => {
    const h = await apply([{ action, selector: '#a', content: EVIL }], '<div id="a"></div>');
    expect(h.body).not.toMatch(/script|onerror|javascript/);
    expect(h.body).toContain('<b>ok</b>');
  });

  it('strips them from offers that came through getOffer, whatever the action claims', async () => {
    const h = setupClient({
      html: '<div id="a"></div>',
      reply: { body: deliveryAnswer({ offers: [{ actions: [{ action: 'setContent', selector: '#a', content: EVIL, responseTokens: TRUSTED }] }] }) },
    });
    await h.client.personalize({ mbox: 'a' });
    expect(document.body.innerHTML).toBe('<div id="a"><img src="x.png"><a>a</a><b>ok</b></div>');
  });

  it('keeps a leading <style>', async () => {
    const h = await apply([{ action: 'setContent', selector: '#a', content: '<style>#a{color:red}</style><p>x</p>' }], '<div id="a"></div>');
    expect(h.body).toBe('<div id="a"><style>#a{color:red}</style><p>x</p></div>');
  });

  it('refuses on… attributes and javascript: URLs in setAttribute', async () => {
    const h = await apply([{ action: 'setAttribute', selector: '#a', content: { onclick: 'x()', href: 'javascript:x()', title: 't' } }], '<a id="a">a</a>');
    expect(h.outcome).toEqual({ outcome: 'rendering-failed', message: 'Attribute refused: onclick, href' });
    expect(h.body).toBe('<a id="a" title="t">a</a>');
  });

  it("keeps a trusted activity's markup whole, scripts included (trusted-scripts.test.ts runs them)", async () => {
    const h = await apply([{ action: 'setContent', selector: '#a', content: EVIL, responseTokens: TRUSTED }], '<div id="a"></div>');
    expect(h.body).toBe(`<div id="a">${EVIL}</div>`);
  });

  it('lets a trusted activity set handlers', async () => {
    const h = await apply([{ action: 'setAttribute', selector: '#a', content: { onclick: 'x()' }, responseTokens: TRUSTED }], '<a id="a">a</a>');
    expect(h.body).toBe('<a id="a" onclick="x()">a</a>');
  });

  it('trusts only activity.trusted === true', async () => {
    const h = await apply([{ action: 'setContent', selector: '#a', content: EVIL, responseTokens: { 'activity.trusted': 'true' } }], '<div id="a"></div>');
    expect(h.body).not.toContain('script');
  });
});
