// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { quotedCssValue, stableSelector } from '../src/areas/experiments/stable-selector';

function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

describe('the selector made for a clicked element', () => {
  it('anchors on a stable id', () => {
    const doc = page('<main id="contingut"><article><h1 class="article__title">T</h1></article></main>');
    expect(stableSelector(doc.querySelector('h1')!)).toBe('#contingut > article > h1.article__title');
  });

  it('anchors on the data attribute the site puts on a tracked control, quoted', () => {
    const doc = page('<div class="article-actions"><button data-mesura-call="compartir"><span>Comparteix</span></button></div>');
    const selector = stableSelector(doc.querySelector('span')!);
    expect(selector).toBe('[data-mesura-call="compartir"] > span');
    expect(doc.querySelector(selector)).toBe(doc.querySelector('span'));
    expect(quotedCssValue('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
  });

  it('skips generated ids and classes, and counts position only among alike siblings', () => {
    const doc = page('<section id=":r1:"><ul class="rail"><li class="teaser">a</li><li class="teaser">b</li><li class="ad">c</li></ul></section>');
    const second = doc.querySelectorAll('li')[1]!;
    const selector = stableSelector(second);
    expect(selector).toBe('body > section > ul.rail > li.teaser:nth-of-type(2)');
    expect(doc.querySelector(selector)).toBe(second);
    expect(stableSelector(doc.querySelector('li.ad')!)).toBe('body > section > ul.rail > li.ad');
  });

  it('finds each element of a page again, and that element only', () => {
    const doc = page('<header><nav><a href="/">Inici</a><a href="/seccio/">Secció</a></nav></header><main><p>x</p><p class="lead">y</p><p>z</p></main>');
    for (const element of doc.body.querySelectorAll('*')) {
      const found = doc.querySelectorAll(stableSelector(element));
      expect(found.length).toBe(1);
      expect(found[0]).toBe(element);
    }
  });
});
