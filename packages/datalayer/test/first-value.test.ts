import { describe, expect, it } from 'vitest';
import { firstValue, readDataLayer } from '@mesura/datalayer';
import { FIXED_NOW } from './helpers/fixtures.js';

describe('firstValue', () => {
  it('takes the first entry of a comma list, trimmed (§5)', () => {
    expect(firstValue(' Esports , Futbol,Bàsquet')).toBe('Esports');
  });

  it('takes the whole value of a list with one entry (§5)', () => {
    expect(firstValue('Esports')).toBe('Esports');
  });

  it('has no first value when the list is missing or empty (§5)', () => {
    expect(firstValue(undefined)).toBeUndefined();
    expect(firstValue('')).toBeUndefined();
    expect(firstValue('   ')).toBeUndefined();
  });

  it('has no first value when the first entry is empty (§5)', () => {
    expect(firstValue(' , Esports')).toBeUndefined();
  });
});

describe('readDataLayer: first values of the comma lists', () => {
  it('derives the topic area from the first entry of areaTematica (§3, §5)', () => {
    const { derived, page } = readDataLayer({ page: { areaTematica: 'Política, Societat' } }, { now: FIXED_NOW });
    expect(derived.topicAreaFirst).toBe('Política');
    expect(page.areaTematica).toBe('Política, Societat');
  });

  it('derives the grouping category from the first entry of categoriaAgrupadora (§3, §5)', () => {
    const { derived } = readDataLayer({ page: { categoriaAgrupadora: 'Informatius,Política' } }, { now: FIXED_NOW });
    expect(derived.groupingCategoryFirst).toBe('Informatius');
  });

  it('takes the first entry of a list given as an array (§5)', () => {
    const { derived } = readDataLayer({ page: { areaTematica: [' Cultura', 'Música'] } }, { now: FIXED_NOW });
    expect(derived.topicAreaFirst).toBe('Cultura');
  });

  it("tracks a missing first value as 'No Informat' (§5)", () => {
    const { derived } = readDataLayer({ page: { categoriaAgrupadora: ',Política' } }, { now: FIXED_NOW });
    expect(derived.topicAreaFirst).toBe('No Informat');
    expect(derived.groupingCategoryFirst).toBe('No Informat');
  });
});
