/**
 * What the content API says of an item in a list (a Teaser), and the search index over every item.
 * The index holds scheduled items too; the search leaves out those not yet published at the time
 * asked (packages/content search.ts), so that the index is built once.
 */
import { buildSearchIndex, sitePaths, type Article, type ContentSet, type Episode, type Programme, type SearchIndex, type Teaser } from '@mesura/content';

export interface Teasers {
  article(article: Article): Teaser;
  episode(episode: Episode): Teaser;
  programme(programme: Programme): Teaser;
}

export function teasersOf(content: ContentSet): Teasers {
  const sectionName = (slug: string) => content.sections.find((s) => s.slug === slug)?.name ?? slug;
  const programmeTitle = (slug: string) => content.programmes.find((p) => p.slug === slug)?.title ?? '';
  return {
    article: (a) => ({ type: 'article', id: a.id, title: a.title, summary: a.summary, path: sitePaths.article(a), image: a.image, publishedAt: a.publishedAt, label: sectionName(a.section) }),
    episode: (e) => ({ type: 'episode', id: e.id, title: e.title, summary: e.summary, path: sitePaths.episode(e), image: e.image, publishedAt: e.publishedAt, label: programmeTitle(e.programme) }),
    programme: (p) => ({ type: 'programme', id: p.slug, title: p.title, summary: p.summary, path: sitePaths.programme(p.slug), image: p.image, label: p.genre }),
  };
}

/** Articles, programmes and episodes (not the test clips, numbered 0), with the text each is found by. */
export function searchIndexOf(content: ContentSet, teasers: Teasers): SearchIndex {
  const programmeTitle = (slug: string) => content.programmes.find((p) => p.slug === slug)?.title ?? '';
  const authorName = (slug: string) => content.authors.find((author) => author.slug === slug)?.name ?? '';
  return buildSearchIndex(
    [
      ...content.articles.map((a) => ({ type: 'article' as const, teaser: teasers.article(a), text: [a.summary, ...a.paragraphs, ...a.topicAreas, authorName(a.author)].join(' ') })),
      ...content.programmes.map((p) => ({ type: 'programme' as const, teaser: teasers.programme(p), text: `${p.summary} ${p.genre}` })),
      ...content.episodes.filter((e) => e.number > 0).map((e) => ({ type: 'episode' as const, teaser: teasers.episode(e), text: `${e.summary} ${programmeTitle(e.programme)}` })),
    ],
    [...content.themes.map((t) => t.name), ...content.programmes.map((p) => p.title)],
  );
}
