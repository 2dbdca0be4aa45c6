// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { OfferAction } from '../src/index.js';
import { setupClient } from './helpers/client.js';

const PAGE = '<article><h1>T</h1><p class="avis">A</p></article><aside><b>x</b></aside>';

async function apply(offer: OfferAction[], html = PAGE) {
  const h = setupClient({ html });
  const outcome = await h.client.applyOffer({ mbox: 'mesura-noticia-1001', offer });
  return { outcome, body: document.body.innerHTML };
}

describe('moveTo: an element moved beside or into another, anywhere on the page', () => {
  it.each([
    ['before', '<article><h1>T</h1></article><aside><p class="avis">A</p><b>x</b></aside>', 'aside b'],
    ['after', '<article><h1>T</h1></article><aside><b>x</b><p class="avis">A</p></aside>', 'aside b'],
    ['prepend', '<article><h1>T</h1></article><aside><p class="avis">A</p><b>x</b></aside>', 'aside'],
    ['append', '<article><h1>T</h1></article><aside><b>x</b><p class="avis">A</p></aside>', 'aside'],
  ])('%s puts the element there, out of its own parent', async (place, expected, destination) => {
    const h = await apply([{ action: 'moveTo', selector: '.avis', content: { destination, place } }]);
    expect(h.outcome).toEqual({ outcome: 'rendered' });
    expect(h.body).toBe(expected);
  });

  it('keeps the order of several matches', async () => {
    const h = await apply([{ action: 'moveTo', selector: 'li', content: { destination: 'h2', place: 'after' } }], '<ul><li>1</li><li>2</li></ul><h2>H</h2>');
    expect(h.body).toBe('<ul></ul><h2>H</h2><li>1</li><li>2</li>');
  });

  it('refuses a destination inside the moved element, leaving the page as it was', async () => {
    const h = await apply([{ action: 'moveTo', selector: 'article', content: { destination: '.avis', place: 'append' } }]);
    expect(h.outcome).toEqual({ outcome: 'rendering-failed', message: 'moveTo refused: append .avis' });
    expect(h.body).toBe(PAGE);
  });

  it('refuses a place it does not know', async () => {
    const h = await apply([{ action: 'moveTo', selector: '.avis', content: { destination: 'aside', place: 'inside' } }]);
    expect(h.outcome).toEqual({ outcome: 'rendering-failed', message: 'moveTo refused: inside aside' });
    expect(h.body).toBe(PAGE);
  });

  it('waits for a destination the page parses later, within 5000 ms (§9)', async () => {
    const h = setupClient({ html: '<p class="avis">A</p>' });
    const outcome = h.client.applyOffer({ offer: [{ action: 'moveTo', selector: '.avis', content: { destination: '#tard', place: 'append' } }] });
    await h.timers.advance(4900);
    document.body.insertAdjacentHTML('beforeend', '<div id="tard"></div>');
    await h.timers.advance(25);
    expect(await outcome).toEqual({ outcome: 'rendered' });
    expect(document.body.innerHTML).toBe('<div id="tard"><p class="avis">A</p></div>');
  });

  it('fails on a destination that never appears, naming it, and moves nothing', async () => {
    const h = setupClient({ html: '<p class="avis">A</p>' });
    let outcome: unknown;
    void h.client.applyOffer({ offer: [{ action: 'moveTo', selector: '.avis', content: { destination: '#mai', place: 'after' } }] }).then((o) => (outcome = o));
    await h.timers.advance(5000);
    expect(outcome).toEqual({ outcome: 'rendering-failed', message: 'Actions with missing selectors: #mai' });
    expect(document.body.innerHTML).toBe('<p class="avis">A</p>');
  });
});
