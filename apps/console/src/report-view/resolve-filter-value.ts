import type { FilterValue } from './filter-value-sources';

/** What a typed filter value stands for: a value the period offers, or nothing it offers. */
export type ResolvedFilterValue = { ok: true; value: string } | { ok: false };

/** Case and accents aside, as a person types: «mobil» finds «Mòbil». */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('ca').trim();
}

/**
 * The stored value a typed one names: the value itself, or the value whose Catalan label it is
 * (the console shows «Mòbil», the store holds `mobile`, and a filter of «Mòbil» would match
 * nothing). Only a list of every value of the period (`complete`) can say a value matches none:
 * otherwise what names no offered value is taken as typed (a page seen too rarely to be among the
 * most visited, a dimension whose values are not offered).
 */
export function resolveFilterValue(typed: string, offered: readonly FilterValue[], complete: boolean): ResolvedFilterValue {
  const text = typed.trim();
  const exact = offered.find((candidate) => candidate.value === text);
  if (exact) return { ok: true, value: exact.value };
  const wanted = folded(text);
  const named = offered.find((candidate) => folded(candidate.label) === wanted) ?? offered.find((candidate) => folded(candidate.value) === wanted);
  if (named) return { ok: true, value: named.value };
  return complete ? { ok: false } : { ok: true, value: text };
}
