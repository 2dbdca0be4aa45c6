/**
 * The §3 page fields of the news pages: home, the news front, section and subsection fronts,
 * articles, authors and themes. Pure: built from what the content API answered. Article pages keep
 * the values the first measurements were defined with (seccio 'noticies', subseccio the section,
 * pageName 'noticies:{slug}').
 */
import type { ArticleResponse, AuthorResponse, Section, ThemeResponse } from '@mesura/content';
import type { PageData } from './data-layer-types';

export const NEWS_SECTION = 'noticies';

export function homeFields(): PageData {
  return { seccio: 'portada', pageType: 'portada', pageName: 'mesura:portada' };
}

/** /noticies/ (no section), /noticies/{section}/ and /noticies/{section}/{subsection}/. */
export function sectionFrontFields(section?: Section, subsection?: string): PageData {
  if (section === undefined) return { seccio: NEWS_SECTION, pageType: 'seccio', pageName: 'mesura:noticies' };
  return {
    seccio: NEWS_SECTION,
    subseccio: section.slug,
    subseccioNivell1: section.slug,
    ...(subsection !== undefined && { subseccioNivell2: subsection }),
    pageType: subsection === undefined ? 'seccio' : 'subseccio',
    pageName: `noticies:${section.slug}${subsection === undefined ? '' : `:${subsection}`}`,
  };
}

export function articleFields({ article, section, author, themes, related }: ArticleResponse): PageData {
  return {
    seccio: NEWS_SECTION,
    subseccio: article.section,
    subseccioNivell1: article.section,
    subseccioNivell2: article.subsection,
    pageType: 'noticia',
    pageName: `noticies:${article.slug}`,
    idDeliverty: article.id,
    titolContingut: article.title,
    autor: author.name,
    // No spaces: the reader's first-value elements split on ',' (§5).
    areaTematica: article.topicAreas.join(','),
    tematica: section.name,
    temes: themes.map((theme) => theme.slug).join(','),
    categoriaAgrupadora: [section.slug, article.subsection].join(','),
    productorContingut: article.producer,
    dataPublicacio: article.publishedAt,
    tipusContingut: 'noticia',
    formatContingut: 'text',
    itemsRelacionats: related.map((item) => item.id).join(','),
  };
}

export function authorFields({ author }: AuthorResponse): PageData {
  return { seccio: NEWS_SECTION, subseccio: 'autors', pageType: 'autor', pageName: `autors:${author.slug}`, autor: author.name, titolContingut: author.name };
}

export function themeFields({ theme }: ThemeResponse): PageData {
  return { seccio: NEWS_SECTION, subseccio: 'temes', pageType: 'tema', pageName: `tema:${theme.slug}`, tematica: theme.name, temes: theme.slug, titolContingut: theme.name };
}
