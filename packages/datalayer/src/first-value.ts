import { LIST_SEPARATOR } from './constants.js';

/**
 * §5 "First-value data elements": the first entry of a comma list, trimmed.
 * Returns `undefined` when the list is missing or its first entry is empty (`""`, `" , Esports"`):
 * the spec takes the first entry, not the first non-empty one, so a list that starts empty has no
 * first value and is tracked with the default.
 *
 * @example firstValue('Esports, Futbol') // 'Esports'
 */
export function firstValue(list: string | undefined): string | undefined {
  if (typeof list !== 'string') return undefined;
  const first = list.split(LIST_SEPARATOR, 1)[0]?.trim();
  return first === undefined || first === '' ? undefined : first;
}
