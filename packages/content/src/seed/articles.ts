/** The seeded articles: the first five as they were, then one per row of article-rows.ts. */
import type { Article } from '../types.js';
import { ARTICLE_ROWS, type ArticleRow } from './article-rows.js';
import { LEGACY_ARTICLES } from './legacy-articles.js';
import { IMAGE_POOL } from '../image-pool.js';
import { SECTIONS, SECTION_AUTHORS } from './taxonomy.js';

/** The newsroom that produces the news (the data layer's content producer). */
export const NEWSROOM = 'Redacció Mesura.cat';
/** The first generated article's id; 1001–1005 are the first five. */
const FIRST_ROW_ID = 1006;
/** The rows are published one every few hours, the last one on the seed's newest morning. */
const FIRST_ROW_PUBLISHED_MS = Date.parse('2026-11-17T07:10:00+01:00');
const ROW_INTERVAL_MS = 3 * 3_600_000;
const SLUG_MAX_CHARS = 70;

/** Themes of the first five, which predate themes. */
const LEGACY_THEMES: Record<string, string[]> = {
  '1001': ['habitatge'],
  '1002': ['salut'],
  '1003': ['futbol'],
  '1004': ['patrimoni'],
  '1005': ['sequera', 'clima'],
};

/** Documents offered with an article, by a word its title has (the files are in apps/site/public/documents). */
const DOCUMENTS: { titleHas: string; title: string; path: string }[] = [
  { titleHas: 'pressupostos', title: 'Projecte de pressupostos 2027 (resum)', path: '/documents/pressupostos-2027.pdf' },
  { titleHas: 'salut mental', title: 'Pla de salut mental per a joves', path: '/documents/pla-salut-mental.pdf' },
  { titleHas: "reutilitzar l'aigua", title: 'Informe sobre la sequera 2026', path: '/documents/informe-sequera-2026.pdf' },
  { titleHas: 'dades', title: 'Memòria anual 2025', path: '/documents/memoria-anual-mesura-2025.pdf' },
  { titleHas: 'ràdio en català', title: "Informe d'audiències 2026", path: '/documents/informe-audiencies-2026.pdf' },
];

/** Closing paragraph per section: where the story goes next on the site. */
const SECTION_CLOSINGS: Record<string, string> = {
  politica: 'Mesura.cat seguirà la tramitació i les reaccions dels grups a la secció de política i als informatius.',
  societat: 'Els informatius de Mesura TV i de Mesura Ràdio ampliaran aquesta informació al llarg del dia.',
  economia: "L'espai econòmic de Mesura Ràdio analitzarà aquestes dades amb experts aquesta setmana.",
  internacional: "La corresponsalia de Mesura.cat a Brussel·les seguirà l'evolució de la notícia.",
  cultura: "L'agenda cultural de Mesura.cat recull aquesta i altres propostes per als pròxims dies.",
  esports: 'Mesura Esports oferirà el resum i les declaracions dels protagonistes a la seva programació.',
};

export function sectionOfSubsection(subsection: string): string {
  const section = SECTIONS.find((s) => s.subsections.some((sub) => sub.slug === subsection));
  if (section === undefined) throw new Error(`no section has the subsection ${subsection}`);
  return section.slug;
}

/** Lower-case ASCII words joined by '-', cut at a word. */
export function slugify(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/l·l/g, 'll')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  let slug = '';
  for (const word of words) {
    if (slug.length + word.length + 1 > SLUG_MAX_CHARS) break;
    slug = slug === '' ? word : `${slug}-${word}`;
  }
  return slug;
}

/** Madrid wall time in ISO 8601 with its offset (+01:00 in the seed's November). */
function madridIso(ms: number): string {
  return new Date(ms + 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+01:00');
}

function altFor(imageId: string): string {
  return IMAGE_POOL.find((image) => image.id === imageId)?.alt ?? '';
}

function fromRow(row: ArticleRow, index: number): Omit<Article, 'related'> {
  const [subsection, imageId, title, summary, first, second, themes] = row;
  const section = sectionOfSubsection(subsection);
  const authors = SECTION_AUTHORS[section] ?? ['redaccio'];
  const document = DOCUMENTS.find((d) => title.toLowerCase().includes(d.titleHas));
  return {
    id: String(FIRST_ROW_ID + index),
    slug: slugify(title),
    title,
    summary,
    section,
    subsection,
    themes: [...themes],
    topicAreas: [subsection, ...themes],
    author: authors[index % authors.length] ?? 'redaccio',
    producer: NEWSROOM,
    publishedAt: madridIso(FIRST_ROW_PUBLISHED_MS + index * ROW_INTERVAL_MS),
    image: { id: imageId, alt: altFor(imageId) },
    paragraphs: [first, second, SECTION_CLOSINGS[section] ?? ''],
    ...(document && { document: { title: document.title, path: document.path } }),
  };
}

/**
 * Related items: the two latest earlier articles of the same subsection (or section), and the
 * episode the caller picks for the section.
 */
function withRelated(articles: Omit<Article, 'related'>[], episodeFor: (section: string) => string | undefined): Article[] {
  const byTime = [...articles].sort((a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt));
  return articles.map((article) => {
    const earlier = byTime.filter((other) => other.id !== article.id && Date.parse(other.publishedAt) < Date.parse(article.publishedAt));
    const near = [...earlier.filter((o) => o.subsection === article.subsection), ...earlier.filter((o) => o.section === article.section && o.subsection !== article.subsection)]
      .reverse()
      .slice(0, 2)
      .map((o) => o.id);
    const episode = episodeFor(article.section);
    return { ...article, related: episode === undefined ? near : [...near, episode] };
  });
}

/** Every seeded article, in seed order (not by time). */
export function seedArticles(episodeFor: (section: string) => string | undefined): Article[] {
  const legacy = LEGACY_ARTICLES.map((article) => ({
    ...article,
    themes: LEGACY_THEMES[article.id] ?? [],
    producer: NEWSROOM,
  }));
  return withRelated([...legacy, ...ARTICLE_ROWS.map(fromRow)], episodeFor);
}
