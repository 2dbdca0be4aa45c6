/**
 * The site's activities (spec §2), seeded on a first start so that a new install shows
 * personalisation working. Mboxes are the site rules' (packages/tags site-property.ts: mbox
 * `mesura-noticia-{id}` on `/noticia/{id}/`, `mesura-el-temps` on `/el-temps/`); selectors are the
 * site's own (apps/site article-page.tsx `h1.article__title`, weather-page.tsx `ul.forecast`).
 */
import type { Activity } from '@mesura/protocol';
import { escapeHtml } from '../shared/escape-html.js';

/** New headlines for the three articles, in Catalan like the site. */
const HEADLINES: Record<string, string> = {
  '1001': 'Llum verda a la llei d’habitatge assequible: quatre grups hi donen suport',
  '1002': 'Més hores per vacunar-se de la grip: els hospitals responen a l’augment de casos',
  '1003': 'El Girona capgira el partit a Montilivi i ja mira cap a Europa',
};

function headlineTest(articleId: string, headline: string): Activity {
  return {
    id: `titular-${articleId}`,
    name: `Titular de la notícia ${articleId}`,
    type: 'ab',
    status: 'active',
    mboxes: [`mesura-noticia-${articleId}`],
    audience: { path: { prefix: `/noticia/${articleId}/` } },
    priority: 10,
    reshuffle: 0,
    experiences: [
      { id: 'a', name: 'A: titular original', share: 50 },
      {
        id: 'b',
        name: 'B: titular nou',
        share: 50,
        offer: { id: `titular-${articleId}-b`, name: 'Titular nou', actions: [{ action: 'setContent', selector: 'h1.article__title', content: escapeHtml(headline) }] },
      },
    ],
    // Engaging with the article (share, download, play… in its action strip) is the conversion.
    goal: { type: 'click', selector: '.article-actions button' },
  };
}

const weatherLayout: Activity = {
  id: 'el-temps-disseny',
  name: 'El temps: disseny de la previsió',
  type: 'ab',
  status: 'active',
  mboxes: ['mesura-el-temps'],
  audience: { path: { prefix: '/el-temps/' } },
  priority: 10,
  reshuffle: 0,
  experiences: [
    { id: 'a', name: 'A: llista', share: 50 },
    {
      id: 'b',
      name: 'B: graella',
      share: 50,
      offer: {
        id: 'el-temps-graella',
        name: 'Previsió en graella',
        actions: [
          {
            action: 'setStyle',
            selector: 'ul.forecast',
            content: { display: 'grid', 'grid-template-columns': 'repeat(auto-fill, minmax(12rem, 1fr))', gap: '1rem' },
          },
        ],
      },
    },
  ],
  // The forecast page is a step towards the site's news: a later page view of a news section.
  goal: { type: 'pageView', path: '/noticia/' },
};

export function siteActivities(): Activity[] {
  return [...Object.entries(HEADLINES).map(([id, headline]) => headlineTest(id, headline)), weatherLayout];
}
