// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { READ_TO_END_LINK_NAME, startReadToEnd } from '../src/custom-scripts/lectura-completa.js';

function page(html: string) {
  document.body.innerHTML = html;
  const seen = new Map<Element, () => void>();
  const sent: Array<{ linkName: string; linkUrl: string }> = [];
  let onAdded = () => {};
  let href = 'https://www.mesura.cat/noticia/1001/x/';
  startReadToEnd({
    root: document,
    watch: (listener) => (onAdded = listener),
    whenSeen: (element, onSeen) => seen.set(element, onSeen),
    send: (input) => sent.push(input),
    href: () => href,
  });
  return {
    sent,
    seen,
    scrollTo: (selector: string) => seen.get(document.querySelector(selector)!)?.(),
    navigate: (to: string, body?: string) => {
      href = to;
      if (body !== undefined) document.body.innerHTML = body;
      onAdded();
    },
  };
}

const ARTICLE = '<article class="article"><h1>Títol</h1><p>Cos</p><footer id="final">Fi</footer></article>';

describe('lectura-completa.js (custom script under web-analytics consent)', () => {
  it('sends one lectura completa link when the end of the article comes into view', () => {
    const p = page(ARTICLE);
    expect(p.sent).toEqual([]);
    p.scrollTo('#final');
    expect(p.sent).toEqual([{ linkName: READ_TO_END_LINK_NAME, linkUrl: 'https://www.mesura.cat/noticia/1001/x/', variables: {}, events: [] }]);
  });

  it('follows an article once per address, and the next article of the single-page app', () => {
    const p = page(ARTICLE);
    p.navigate('https://www.mesura.cat/noticia/1001/x/');
    expect(p.seen.size).toBe(1);
    p.navigate('https://www.mesura.cat/noticia/1002/y/', ARTICLE.replace('final', 'final2'));
    p.scrollTo('#final2');
    expect(p.sent.map((s) => s.linkUrl)).toEqual(['https://www.mesura.cat/noticia/1002/y/']);
  });

  it('follows nothing on a page without an article', () => {
    const p = page('<main><p>Portada</p></main>');
    expect(p.seen.size).toBe(0);
  });
});
