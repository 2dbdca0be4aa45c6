// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { BODY_HIDING_CSS, HIDING_STYLE_ID, NOT_OPTED_IN, DELIVERY_DISABLED } from '../src/index.js';
import { setupClient, type Setup } from './helpers/client.js';
import { deliveryAnswer } from './helpers/fakes.js';

const heroOffer = (content = 'Personalised') => deliveryAnswer({ offers: [{ actions: [{ action: 'setContent', selector: '#hero', content }] }] });

/** personalize() as the rules runtime calls it. */
function personalize(setup: Setup) {
  const h = setupClient(setup);
  const outcome = h.client.personalize({ mbox: 'mesura-el-temps', parameters: {} });
  return { ...h, outcome };
}

const hero = () => document.getElementById('hero')?.innerHTML;

describe('hiding until the offers render or 3000 ms pass (§4, §9)', () => {
  it('hides the body with a style in head before the request goes', () => {
    const h = personalize({ reply: { hang: true } });
    const style = document.getElementById(HIDING_STYLE_ID);
    expect(style?.parentElement).toBe(document.head);
    expect(style?.textContent).toBe(BODY_HIDING_CSS);
    expect(BODY_HIDING_CSS).toBe('body {opacity: 0 !important}');
    expect(h.transport.calls).toHaveLength(0); // the request goes after the hiding
  });

  it('shows the page once the offer is in place (success)', async () => {
    const h = personalize({ reply: { body: heroOffer(), delayMs: 40 } });
    await h.timers.advance(39);
    expect(h.hidden()).toBe(true);
    expect(hero()).toBe('default');
    await h.timers.advance(1);
    expect(hero()).toBe('Personalised');
    expect(h.hidden()).toBe(false);
    expect(await h.outcome).toEqual({ outcome: 'rendered' });
  });

  it('shows the default content when there are no offers', async () => {
    const h = personalize({ reply: { delayMs: 10 } });
    await h.timers.advance(10);
    expect(h.hidden()).toBe(false);
    expect(await h.outcome).toEqual({ outcome: 'no-offers' });
  });

  it('shows the default content at once when the request fails, with request-failed', async () => {
    const h = personalize({ reply: { networkError: true, delayMs: 10 } });
    await h.timers.advance(10);
    expect(h.hidden()).toBe(false);
    expect(hero()).toBe('default');
    expect(h.types().at(-1)).toBe('request-failed');
  });

  it('shows the default content at exactly 3000 ms when the server is slow, with request-failed', async () => {
    const h = personalize({ reply: { body: heroOffer(), delayMs: 5000 } });
    await h.timers.advance(2999);
    expect(h.hidden()).toBe(true);
    await h.timers.advance(1);
    expect(h.hidden()).toBe(false);
    expect(h.events.at(-1)).toMatchObject({ type: 'mesura:personalize:request-failed', message: 'Request timed out' });
    await h.timers.advance(5000);
    expect(hero()).toBe('default'); // the late answer is ignored
  });

  it('shows the page when rendering fails (a selector never appears)', async () => {
    const h = personalize({ reply: { body: deliveryAnswer({ offers: [{ actions: [{ action: 'setText', selector: '#later', content: 'x' }] }] }) } });
    await h.timers.advance(2999);
    expect(h.hidden()).toBe(true);
    await h.timers.advance(1);
    expect(h.hidden()).toBe(false); // 3000 ms: shown, though the selector is still awaited
    await h.timers.advance(2000);
    expect(await h.outcome).toEqual({ outcome: 'rendering-failed', message: 'Actions with missing selectors: #later' });
  });

  it('shows the page at once with rendering-failed when an action throws (a trusted attribute name the DOM refuses)', async () => {
    const trusted = { 'activity.trusted': true };
    const actions = [{ action: 'setAttribute', selector: '#hero', content: { '1 bad': 'x' } }];
    const h = personalize({ reply: { body: deliveryAnswer({ offers: [{ actions, responseTokens: trusted }] }), delayMs: 10 } });
    await h.timers.advance(10);
    expect(h.hidden()).toBe(false);
    const outcome = await h.outcome;
    expect(outcome).toMatchObject({ outcome: 'rendering-failed' });
    expect((outcome as { message: string }).message).toMatch(/InvalidCharacterError|not a valid/);
    expect(h.types().at(-1)).toBe('content-rendering-failed');
  });

  it('keeps the page hidden during a redirect, 3000 ms at most', async () => {
    const h = personalize({ reply: { body: deliveryAnswer({ offers: [{ redirect: 'https://www.example.cat/b/' }] }) } });
    await h.timers.advance(0);
    expect(h.redirects).toEqual(['https://www.example.cat/b/']);
    expect(h.hidden()).toBe(true);
    await h.timers.advance(3000);
    expect(h.hidden()).toBe(false);
  });

  it('never hides without consent, and removes a hiding style the head snippet added (§4 item 7)', async () => {
    const h = personalize({ consent: false, prehidden: true });
    expect(h.hidden()).toBe(false);
    expect(await h.outcome).toEqual({ outcome: 'held', reason: 'no-consent', message: NOT_OPTED_IN });
    expect(h.transport.calls).toHaveLength(0);
  });

  it.each<[string, Setup]>([
    ['the disable cookie', { cookies: 'mboxDisable=1' }],
    ['the disable parameter', { href: 'https://www.example.cat/?mboxDisable=1' }],
    ['cookies that cannot be saved', { cookiesBlocked: true }],
  ])('never hides when delivery is disabled by %s (§8)', async (_name, setup) => {
    const h = personalize({ ...setup, prehidden: true });
    expect(h.hidden()).toBe(false);
    expect(await h.outcome).toMatchObject({ outcome: 'held', message: DELIVERY_DISABLED });
    expect(h.transport.calls).toHaveLength(0);
  });

  it('hides only the configured selectors', () => {
    personalize({ options: { hideSelectors: ['#hero', '.teaser'] }, reply: { hang: true } });
    expect(document.getElementById(HIDING_STYLE_ID)?.textContent).toBe('#hero, .teaser {opacity: 0 !important}');
  });

  it('does not hide when body hiding is off', () => {
    const h = personalize({ options: { bodyHiding: false }, reply: { hang: true } });
    expect(h.hidden()).toBe(false);
  });

  it('keeps the page hidden while two requests overlap, until both are done', async () => {
    const h = setupClient({ reply: { delayMs: 100 } });
    void h.client.personalize({ mbox: 'a' });
    await h.timers.advance(50);
    h.transport.answer({ delayMs: 100 });
    void h.client.personalize({ mbox: 'b' });
    await h.timers.advance(50);
    expect(h.hidden()).toBe(true);
    await h.timers.advance(50);
    expect(h.hidden()).toBe(false);
  });
});

describe('the global request (§9 target-global-mbox)', () => {
  it('keeps the page hidden until an element the offer needs is parsed', async () => {
    const offer = deliveryAnswer({ offers: [{ actions: [{ action: 'setText', selector: '#late', content: 'Personalised' }] }] });
    const h = setupClient({ html: '', options: { globalMboxAutoCreate: true }, reply: { body: offer, delayMs: 20 } });
    expect(h.hidden()).toBe(true);
    await h.timers.advance(100);
    expect(h.hidden()).toBe(true);
    document.body.innerHTML = '<p id="late">default</p>';
    await h.timers.advance(25);
    expect(document.getElementById('late')?.textContent).toBe('Personalised');
    expect(h.hidden()).toBe(false);
    expect(h.types()).toEqual(['request-start', 'library-loaded', 'request-succeeded', 'content-rendering-start', 'content-rendering-succeeded']);
  });
});

describe("the head snippet's hiding style", () => {
  it('is kept by the global request and removed when it ends', async () => {
    const h = setupClient({ prehidden: true, options: { globalMboxAutoCreate: true }, reply: { delayMs: 30 } });
    expect(h.hidden()).toBe(true);
    await h.timers.advance(30);
    expect(h.hidden()).toBe(false);
  });

  it('is removed after 3000 ms when no request comes', async () => {
    const h = setupClient({ prehidden: true });
    await h.timers.advance(2999);
    expect(h.hidden()).toBe(true);
    await h.timers.advance(1);
    expect(h.hidden()).toBe(false);
  });

  it('is handed over to the first personalize call', async () => {
    const h = setupClient({ prehidden: true, reply: { delayMs: 2500 } });
    await h.timers.advance(1000);
    void h.client.personalize({ mbox: 'a' });
    await h.timers.advance(2000); // 3000 ms after the start: the call's own hold keeps it hidden
    expect(h.hidden()).toBe(true);
    await h.timers.advance(500);
    expect(h.hidden()).toBe(false);
  });
});

describe('hideBody / showBody', () => {
  it('hides until showBody', () => {
    const h = setupClient();
    h.client.hideBody();
    expect(h.hidden()).toBe(true);
    h.client.showBody();
    expect(h.hidden()).toBe(false);
  });

  it('hides 3000 ms at most', async () => {
    const h = setupClient();
    h.client.hideBody();
    await h.timers.advance(3000);
    expect(h.hidden()).toBe(false);
  });
});
