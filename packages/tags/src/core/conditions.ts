/**
 * The built-in condition types (§2 path conditions, §5 consent conditions), each its test before
 * negation, which the rule runner applies.
 */
import type { CompareOperator, ConditionConfig } from '../config/property-config.js';
import { queryParam } from './query-string.js';
import type { Components, ConditionCheck } from './services.js';
import { escapeRegExp, text } from './template.js';

type Check<T extends string> = ConditionCheck<Extract<ConditionConfig, { type: T }>>;

/**
 * §2 "path contains the word cercador": as a word, `value` is neither preceded nor followed by a
 * letter or digit (any script), so a slug such as `/cercador-avancat/` counts and `/cercadors/`
 * does not.
 */
export function pathContains(path: string, value: string, substring = false): boolean {
  if (substring) return path.includes(value);
  // No look-behind: browsers before Safari 16.4 cannot compile one.
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'u').test(path);
}

/**
 * One compare operator: `left` and `right` are the value and the operand as text, lower-cased
 * when the condition is case-insensitive; `given` holds them as the condition gave them.
 */
export type Comparison = (left: string, right: string, given: { value: unknown; operand: unknown; caseInsensitive: boolean }) => boolean;

/** Blank text would otherwise be read as 0; NaN fails every comparison. */
const numeric = (left: string, right: string, passes: (left: number, right: number) => boolean): boolean => left.trim() !== '' && passes(Number(left), Number(right));

/** `exists`: defined and not empty. Apart, for a runtime that compares no other way (as page-info.ts's pageInfoUrl is). */
export const existsComparison: Comparison = (left) => left !== '';

/** Data-element comparisons; undefined and null count as `''`. */
export const COMPARISONS: Readonly<Record<CompareOperator, Comparison>> = {
  exists: existsComparison,
  equals: (left, right) => left === right,
  notEquals: (left, right) => left !== right,
  contains: (left, right) => left.includes(right),
  startsWith: (left, right) => left.startsWith(right),
  matches: (_left, _right, { value, operand, caseInsensitive }) => new RegExp(text(operand), caseInsensitive ? 'i' : '').test(text(value)),
  gt: (left, right) => numeric(left, right, (a, b) => a > b),
  lt: (left, right) => numeric(left, right, (a, b) => a < b),
};

export const pathContainsCondition: Check<'pathContains'> = (condition, _context, { env }) => pathContains(env.location.pathname, condition.value, condition.substring);

export const pathMatchesCondition: Check<'pathMatches'> = (condition, _context, { env }) => new RegExp(condition.pattern, condition.flags).test(env.location.pathname);

/** The `dataElement` type with the operators of `comparisons` (COMPARISONS holds every one); an operator it lacks never passes. */
export const dataElementCondition =
  (comparisons: Readonly<Partial<Record<CompareOperator, Comparison>>>): Check<'dataElement'> =>
  (condition, context) => {
    const caseInsensitive = condition.caseInsensitive ?? false;
    const fold = (s: string): string => (caseInsensitive ? s.toLowerCase() : s);
    const value = context.dataElement(condition.name);
    const operand = condition.value;
    return comparisons[condition.operator]?.(fold(text(value)), fold(text(operand)), { value, operand, caseInsensitive }) ?? false;
  };

export const queryParamCondition: Check<'queryParam'> = (condition, _context, { env }) => {
  const value = queryParam(env.location.search, condition.name, condition.caseInsensitive);
  return condition.value === undefined ? value !== undefined : value === condition.value;
};

export const consentVendorCondition: Check<'consentVendor'> = (condition, _context, { consent }) => consent.hasVendorConsent(condition.vendorId);

export const automaticHitsEnabledCondition: Check<'automaticHitsEnabled'> = (_condition, _context, { consent }) => !consent.automaticHitsDisabled();

/** Anything else; a promise is awaited for 2000 ms at most. */
export const customCondition: Check<'custom'> = (condition, context) => condition.test(context);

export const BUILT_IN_CONDITIONS: Components['conditions'] = {
  pathContains: pathContainsCondition,
  pathMatches: pathMatchesCondition,
  dataElement: /* @__PURE__ */ dataElementCondition(COMPARISONS),
  queryParam: queryParamCondition,
  consentVendor: consentVendorCondition,
  automaticHitsEnabled: automaticHitsEnabledCondition,
  custom: customCondition,
};
