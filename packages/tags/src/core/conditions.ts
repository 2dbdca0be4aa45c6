/** Condition checks (§2 path conditions, §5 consent conditions). Negation is applied by the rule runner. */
import type { CompareOperator, ConditionConfig } from '../config/property-config.js';
import { moduleNotFound } from '../errors.js';
import type { RuleContext } from '../rule-context.js';
import { queryParam } from './query-string.js';
import type { Services } from './services.js';
import { escapeRegExp, text } from './template.js';

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

/** A data element's value against an operand; undefined and null count as `''`. */
export function compare(value: unknown, operator: CompareOperator, operand: unknown, caseInsensitive = false): boolean {
  const fold = (s: string): string => (caseInsensitive ? s.toLowerCase() : s);
  const left = fold(text(value));
  const right = fold(text(operand));
  switch (operator) {
    case 'exists':
      return left !== '';
    case 'equals':
      return left === right;
    case 'notEquals':
      return left !== right;
    case 'contains':
      return left.includes(right);
    case 'startsWith':
      return left.startsWith(right);
    case 'matches':
      return new RegExp(text(operand), caseInsensitive ? 'i' : '').test(text(value));
    case 'gt':
    case 'lt':
      // Blank text would otherwise be read as 0; NaN fails every comparison.
      return left.trim() !== '' && (operator === 'gt' ? Number(left) > Number(right) : Number(left) < Number(right));
  }
}

/** The condition's own test, before negation. */
export function checkCondition(condition: ConditionConfig, context: RuleContext, services: Services): boolean | Promise<boolean> {
  const { location } = services.env;
  switch (condition.type) {
    case 'pathContains':
      return pathContains(location.pathname, condition.value, condition.substring);
    case 'pathMatches':
      return new RegExp(condition.pattern, condition.flags).test(location.pathname);
    case 'dataElement':
      return compare(context.dataElement(condition.name), condition.operator, condition.value, condition.caseInsensitive);
    case 'queryParam': {
      const value = queryParam(location.search, condition.name, condition.caseInsensitive);
      return condition.value === undefined ? value !== undefined : value === condition.value;
    }
    case 'consentVendor':
      return services.consent.hasVendorConsent(condition.vendorId);
    case 'automaticHitsEnabled':
      return !services.consent.automaticHitsDisabled();
    case 'custom':
      return condition.test(context);
    default:
      throw new Error(moduleNotFound('condition', (condition as { type: string }).type));
  }
}
