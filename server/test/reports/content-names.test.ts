import { describe, expect, it } from 'vitest';
import { pageColumnLabel, sectionLabel, subsectionLabel } from '../../src/reports/content-names.js';

describe('content report names', () => {
  it("names the site's sections", () => {
    expect(sectionLabel('el-temps')).toBe('El temps');
    expect(sectionLabel('noticies')).toBe('Notícies');
  });

  it('names news sections and their subsections, programmes, channels, stations and places as subsections', () => {
    expect(subsectionLabel('politica')).toBe('Política');
    expect(subsectionLabel('medi-ambient')).toBe('Medi ambient');
    expect(subsectionLabel('temps-de-terra')).toBe('Temps de terra');
    expect(subsectionLabel('mesura-tv')).toBe('Mesura TV');
    expect(subsectionLabel('mesura-classica')).toBe('Mesura Clàssica');
    expect(subsectionLabel('girona')).toBe('Girona');
  });

  it("says what the data layer's default means, in any case, and shows a slug nobody names as it is", () => {
    expect(sectionLabel('No informat')).toBe('Sense secció');
    expect(subsectionLabel('No Informat')).toBe('Sense subsecció');
    expect(subsectionLabel('una-altra-cosa')).toBe('una-altra-cosa');
    expect(pageColumnLabel('thematic')('No Informat')).toBe('Sense tema');
    expect(pageColumnLabel('author')('No informat')).toBe('Sense autor');
    expect(pageColumnLabel('author')('Anna Puig')).toBe('Anna Puig');
  });
});
