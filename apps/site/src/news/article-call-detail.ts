import type { ArticleResponse } from '@mesura/content';
import type { LinkCallDetail } from '../measurement/direct-calls';

/**
 * The §7 link variables of a call made from an article (share, download, save, take part): the
 * article's own fields under the data layer's names; the feature adds its link text and URL.
 */
export function articleCallDetail({ article, section }: ArticleResponse, pageUrl: string, identificadorClic: string): LinkCallDetail {
  return {
    linkText: '',
    url: pageUrl,
    areaTematica: article.topicAreas.join(','),
    identificadorClic,
    titolContingut: article.title,
    formatContingut: 'text',
    idDeliverty: article.id,
    tematica: section.name,
    tipusEmisio: 'a la carta',
    tipusContingut: 'noticia',
    seccio: 'noticies',
    subseccio: article.section,
  };
}
