// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { activityMapData, activityMapOf } from '../src/index.js';

function element(selector: string): Element {
  const found = document.querySelector(selector);
  if (!found) throw new Error(`no ${selector} in the fixture`);
  return found;
}

describe('activityMapOf', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <main id="contingut">
        <section>
          <a id="own-id" href="/noticia/2/">  Els pressupostos
             de 2027 </a>
          <a href="/docs/x.pdf"><span class="icon"></span><span>Descarrega</span></a>
          <button aria-label="Comparteix"><svg></svg></button>
          <a href="/llarg/">${'Molt '.repeat(40)}</a>
          <input type="submit" value="Envia">
          <p class="text">Text</p>
        </section>
      </main>
      <footer><a href="/avis-legal/">Avís legal</a></footer>
    `;
  });

  it("reads the link's text, trimmed with its spaces collapsed, and the nearest ancestor's id", () => {
    expect(activityMapOf(element('#own-id'))).toEqual({ link: 'Els pressupostos de 2027', region: 'contingut' });
  });

  it('finds the link from an element inside it', () => {
    expect(activityMapOf(element('a[href$=".pdf"] span:last-child'))).toEqual({ link: 'Descarrega', region: 'contingut' });
  });

  it("takes a button's aria-label when it has no text", () => {
    expect(activityMapOf(element('button'))).toEqual({ link: 'Comparteix', region: 'contingut' });
  });

  it("takes a submit input's value", () => {
    expect(activityMapOf(element('input'))?.link).toBe('Envia');
  });

  it('cuts the link to 100 characters', () => {
    expect(activityMapOf(element('a[href="/llarg/"]'))?.link).toHaveLength(100);
  });

  it("names the region 'BODY' when no ancestor has an id", () => {
    expect(activityMapOf(element('footer a'))).toEqual({ link: 'Avís legal', region: 'BODY' });
  });

  it('is undefined for a click outside links and buttons', () => {
    expect(activityMapOf(element('p.text'))).toBeUndefined();
  });
});

describe('activityMapData', () => {
  it("writes the four context-data keys, with pageIDType '1' for a page name", () => {
    expect(activityMapData({ link: 'PDF', region: 'BODY' }, 'ccma:portada', 'https://www.ccma.cat/')).toEqual({
      'a.activitymap.page': 'ccma:portada',
      'a.activitymap.link': 'PDF',
      'a.activitymap.region': 'BODY',
      'a.activitymap.pageIDType': '1',
    });
  });

  it("falls back to the page URL with pageIDType '0' before the page has a name", () => {
    expect(activityMapData({ link: 'PDF', region: 'BODY' }, undefined, 'https://www.ccma.cat/')).toMatchObject({
      'a.activitymap.page': 'https://www.ccma.cat/',
      'a.activitymap.pageIDType': '0',
    });
  });
});
