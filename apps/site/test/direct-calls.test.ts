import { describe, expect, it } from 'vitest';
import { SAMPLE_ARTICLES } from '../src/content/sample-articles';
import { DIRECT_CALLS, articleCallDetail } from '../src/measurement/direct-calls';

const article = SAMPLE_ARTICLES[0]!;
const pageUrl = `https://mesura.cat/noticia/${article.id}/${article.slug}/`;

describe('direct calls of the article page', () => {
  it('offers every direct call of spec §7 except scPageView', () => {
    expect(Object.keys(DIRECT_CALLS).sort()).toEqual(
      ['scClicBoto', 'scCompartir', 'scDVR', 'scDescarregar', 'scFinestraNova', 'scJugar', 'scParticipar', 'scPerMesTard', 'scSubtitols', 'scVeureATV'].sort(),
    );
  });

  it('carries the link fields of §7 for the article', () => {
    expect(articleCallDetail('scCompartir', article, pageUrl)).toMatchObject({
      linkText: 'Comparteix',
      url: pageUrl,
      areaTematica: article.topicAreas.join(','),
      xarxaAccioContingut: 'enllac',
      identificadorClic: 'article-scCompartir',
      titolContingut: article.title,
      idDeliverty: article.id,
      seccio: 'noticies',
      subseccio: article.subsection,
    });
  });

  it('gives the download its document address', () => {
    expect(articleCallDetail('scDescarregar', article, pageUrl).linkUrl).toBe(`https://mesura.cat/documents/${article.id}.pdf`);
  });
});
