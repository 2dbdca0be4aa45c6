/**
 * How the site's search forgives (MiniSearch under search.ts): a typo or two, accents and case,
 * an unfinished word; titles first; and the suggestions offered while typing.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_WORDS, SUGGEST_MAX_RESULTS, SUGGEST_QUERY_MAX_CHARS, buildSearchIndex, searchContent, suggestSearches, type SearchDocument } from '@mesura/content';

const doc = (id: string, title: string, text: string, publishedAt = '2026-03-01T08:00:00Z'): SearchDocument => ({
  type: 'article',
  teaser: { type: 'article', id, title, summary: '', path: `/noticia/${id}/x/`, image: { id: 'img-01', alt: '' }, publishedAt, label: 'Societat' },
  text,
});

const index = buildSearchIndex(
  [
    doc('1', 'La sequera obliga a restringir el reg', 'Els embassaments de Catalunya són al 16%.'),
    doc('2', 'Platja de Barcelona plena', 'La calor omple la platja de la Barceloneta i la sequera continua.'),
    doc('3', 'Educació amplia les places de P3', 'El departament obre més places.'),
    doc('4', 'Demà a la tarda', 'Un article que encara no ha sortit sobre la sequera.', '2026-12-01T08:00:00Z'),
    doc('5', 'Nou col·legi a Girona', 'Obre les portes.'),
  ],
  ['Sequera'],
);
const ids = (query: string) => searchContent(index, query, undefined, new Date('2026-06-01T00:00:00Z')).results.map((teaser) => teaser.id);

describe('the search', () => {
  it('forgives a typo: "sekera" finds "sequera"', () => {
    expect(ids('sekera')).toEqual(ids('sequera'));
    expect(ids('sekera')).toContain('1');
  });

  it('ranks a match in the title above one in the text', () => {
    expect(ids('sequera')).toEqual(['1', '2']);
  });

  it('minds neither accents nor case, and reads l·l as ll', () => {
    expect(ids('barcelona')).toEqual(ids('BARCELONA'));
    expect(ids('barcelona')).toContain('2');
    expect(ids('educacio')).toEqual(['3']);
    expect(ids('EDUCACIÓ')).toEqual(['3']);
    expect(ids('collegi')).toEqual(['5']);
    expect(ids('plàtja')).toEqual(ids('platja'));
  });

  it('finds an unfinished word from three letters on', () => {
    expect(ids('embass')).toEqual(['1']);
    expect(ids('pl')).toEqual([]);
  });

  it('needs every word, and does not search by stop words alone', () => {
    expect(ids('sequera reg')).toEqual(['1']);
    expect(ids('sequera girona')).toEqual([]);
    expect(searchContent(index, 'de la i').total).toBe(0);
  });

  it('leaves out what is not yet published', () => {
    expect(ids('tarda')).toEqual([]);
    expect(searchContent(index, 'tarda').total).toBe(1);
  });
});

describe('the suggestions while typing', () => {
  const at = new Date('2026-06-01T00:00:00Z');
  it('suggests the word a typo or an unfinished word leads to, spelled as the content spells it', () => {
    expect(suggestSearches(index, 'sekera', at).suggestions).toContain('sequera');
    expect(suggestSearches(index, 'educ', at).suggestions).toContain('educació');
  });

  it('suggests nothing for nothing, and bounds what it looks at and answers', () => {
    expect(suggestSearches(index, '   ', at)).toEqual({ query: '', suggestions: [] });
    expect(suggestSearches(index, 'x'.repeat(SUGGEST_QUERY_MAX_CHARS * 2), at).query).toHaveLength(SUGGEST_QUERY_MAX_CHARS);
    expect(suggestSearches(index, 'a b c d e f g h', at).suggestions.length).toBeLessThanOrEqual(SUGGEST_MAX_RESULTS);
    const many = Array.from({ length: SEARCH_MAX_WORDS * 4 }, () => 'sequera').join(' ');
    expect(suggestSearches(index, many, at).suggestions.length).toBeLessThanOrEqual(SUGGEST_MAX_RESULTS);
  });

  it('never suggests a word found only in an item not yet published', () => {
    expect(suggestSearches(index, 'tard', at).suggestions).toEqual([]);
  });
});
