import { describe, expect, it } from 'vitest';
import { formatPublicationDate } from '../src/content/format-date';
import { resultsSummary } from '../src/content/search-summary';
import { searchPath } from '../src/pages/search-path';

describe('searchPath', () => {
  it('puts the trimmed query in q', () => {
    expect(searchPath('  aigua embassaments ')).toBe('/cercador/?q=aigua+embassaments');
  });

  it('goes to the bare form for a blank query', () => {
    expect(searchPath(' ')).toBe('/cercador/');
  });
});

describe('resultsSummary', () => {
  it('says it in Catalan, singular and plural', () => {
    expect([0, 1, 3, 1200].map(resultsSummary)).toEqual(['Cap resultat', '1 resultat', '3 resultats', '1.200 resultats']);
  });
});

describe('formatPublicationDate', () => {
  it('prints the time as in Catalonia', () => {
    expect(formatPublicationDate('2026-11-20T07:30:00Z')).toBe('20 de novembre del 2026, a les 8:30');
  });
});
