import { describe, expect, it } from 'vitest';
import { FORECAST_DAYS, PLACES, SEARCH_QUERY_MAX_CHARS, buildSearchIndex, createSeedContent, forecastFor, searchContent, sitePaths, type SearchDocument } from '@mesura/content';

describe('forecasts', () => {
  it('has at least 20 places, seven days from today each, the same for the same day', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(20);
    const days = forecastFor(PLACES[0]!, '2026-11-24');
    expect(days).toHaveLength(FORECAST_DAYS);
    expect(days[0]!.date).toBe('2026-11-24');
    expect(days[6]!.date).toBe('2026-11-30');
    expect(forecastFor(PLACES[0]!, '2026-11-24')).toEqual(days);
    for (const day of days) expect(day.minCelsius).toBeLessThan(day.maxCelsius);
  });

  it('places every town within Catalonia, for the weather map', () => {
    for (const place of PLACES) {
      expect(place.latitude).toBeGreaterThan(40.5);
      expect(place.latitude).toBeLessThan(42.9);
      expect(place.longitude).toBeGreaterThan(0.15);
      expect(place.longitude).toBeLessThan(3.35);
    }
  });

  it('is colder in the Pyrenees than on the coast in winter', () => {
    const mean = (slug: string) => forecastFor(PLACES.find((p) => p.slug === slug)!, '2027-01-10').reduce((sum, d) => sum + d.maxCelsius, 0) / FORECAST_DAYS;
    expect(mean('puigcerda')).toBeLessThan(mean('barcelona') - 4);
  });
});

describe('the search', () => {
  const content = createSeedContent();
  const documents: SearchDocument[] = content.articles.map((a) => ({
    type: 'article',
    teaser: { type: 'article', id: a.id, title: a.title, summary: a.summary, path: sitePaths.article(a), image: a.image, publishedAt: a.publishedAt, label: a.section },
    text: [a.summary, ...a.paragraphs].join(' '),
  }));
  const index = buildSearchIndex(documents, ['Habitatge', 'Sequera']);

  it('finds words without minding accents or case, titles first', () => {
    const result = searchContent(index, 'LLEI habitatge');
    expect(result.total).toBeGreaterThan(0);
    expect(result.results[0]?.id).toBe('1001');
    expect(searchContent(index, 'educació').total).toBe(searchContent(index, 'EDUCACIO').total);
  });

  it('counts each type, filters by type, and suggests when nothing is found', () => {
    const all = searchContent(index, 'sequera');
    expect(all.counts.article).toBe(all.total);
    expect(searchContent(index, 'sequera', 'programme')).toMatchObject({ total: 0, results: [] });
    const none = searchContent(index, 'xyzzy');
    expect(none.total).toBe(0);
    expect(none.suggestions.length).toBeGreaterThan(0);
  });

  it('bounds the query it searches', () => {
    const long = 'a'.repeat(SEARCH_QUERY_MAX_CHARS * 3);
    expect(searchContent(index, long).query.length).toBe(SEARCH_QUERY_MAX_CHARS);
  });
});
