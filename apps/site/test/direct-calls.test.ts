// @vitest-environment happy-dom
import { createSeedContent } from '@mesura/content';
import { afterEach, describe, expect, it } from 'vitest';
import { DIRECT_CALLS, sendDirectCall } from '../src/measurement/direct-calls';
import { articleCallDetail } from '../src/news/article-call-detail';

const content = createSeedContent();
const article = content.articles.find((a) => a.id === '1001')!;
const section = content.sections.find((s) => s.slug === article.section)!;
const author = content.authors.find((a) => a.slug === article.author)!;

afterEach(() => {
  delete (window as { mesura?: unknown }).mesura;
});

describe('the direct calls', () => {
  it('are every call of spec §7 except scPageView', () => {
    expect([...DIRECT_CALLS].sort()).toEqual(['scClicBoto', 'scCompartir', 'scDVR', 'scDescarregar', 'scFinestraNova', 'scJugar', 'scParticipar', 'scPerMesTard', 'scSubtitols', 'scVeureATV'].sort());
  });

  it("carry an article's §7 link fields", () => {
    expect(articleCallDetail({ article, section, author, themes: [], related: [] }, 'https://mesura.cat/x/', 'article-scCompartir')).toMatchObject({
      url: 'https://mesura.cat/x/',
      areaTematica: article.topicAreas.join(','),
      identificadorClic: 'article-scCompartir',
      titolContingut: article.title,
      idDeliverty: '1001',
      tematica: section.name,
      tipusContingut: 'noticia',
      seccio: 'noticies',
      subseccio: 'politica',
    });
  });

  it("go out with the page's address when the detail was built without one (while rendering)", () => {
    const calls: unknown[][] = [];
    (window as { mesura?: unknown }).mesura = { track: (...args: unknown[]) => calls.push(args) };
    sendDirectCall('scClicBoto', { linkText: 'Mira el directe', url: '', identificadorClic: 'cta-directe' });
    sendDirectCall('scClicBoto', { linkText: 'Mira el directe', url: 'https://mesura.cat/a/', identificadorClic: 'cta-directe' });
    expect(calls.map(([, detail]) => (detail as { url: string }).url)).toEqual([window.location.href, 'https://mesura.cat/a/']);
  });
});
