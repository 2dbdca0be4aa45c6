/**
 * One offer action checked whole: its type, and every field that type has, each with its size
 * limit (activity-limits.ts). Fields are Mesura's (`content`) and the commercial 1.x library's
 * (commercial-actions.ts) — anything else is refused, so that nothing an editor writes reaches a
 * page unexamined. URLs are checked against the allowed origins elsewhere (offer-safety.ts):
 * this file knows no configuration.
 */
import { DELIVERY_ACTIONS, moveToProblem, type DeliveryAction } from '@mesura/protocol';
import { MAX_ACTION_ENTRIES, MAX_ACTION_NAME_CHARS, MAX_ACTION_VALUE_CHARS, MAX_OFFER_CONTENT_BYTES, MAX_SELECTOR_CHARS, MAX_SMALL_INTEGER, MAX_URL_CHARS } from './activity-limits.js';
import { bytesProblem, isRecord, textProblem, unknownFieldProblem, wholeNumberProblem } from './definition-checks.js';

/** The actions whose content is HTML the client inserts (render-action.ts INSERTS). */
export const HTML_ACTIONS: readonly string[] = ['setContent', 'appendContent', 'prependContent', 'replaceContent', 'insertBefore', 'insertAfter'];

const TARGET = ['action', 'selector', 'cssSelector'] as const;

/** Every field each action type may have. */
const FIELDS: Record<DeliveryAction['action'], readonly string[]> = {
  setContent: [...TARGET, 'content', 'contentType'],
  appendContent: [...TARGET, 'content'],
  prependContent: [...TARGET, 'content'],
  replaceContent: [...TARGET, 'content'],
  insertBefore: [...TARGET, 'content'],
  insertAfter: [...TARGET, 'content'],
  setText: [...TARGET, 'content'],
  setJson: [...TARGET, 'content'],
  setAttribute: [...TARGET, 'content', 'attribute', 'value'],
  setStyle: [...TARGET, 'content', 'property', 'value', 'priority'],
  rearrange: [...TARGET, 'content', 'from', 'to'],
  moveTo: [...TARGET, 'content'],
  remove: [...TARGET],
  redirect: ['action', 'content', 'url'],
  trackClick: [...TARGET],
};

/** Attribute and CSS property names: letters, digits, `-`, `_`, `:`, `.`; no spaces or quotes. */
const NAME = /^-{0,2}[A-Za-z_][A-Za-z0-9_:.-]*$/;

export function actionProblem(input: unknown, label: string): string | undefined {
  if (!isRecord(input)) return `${label} must be an object`;
  const type = input.action;
  if (typeof type !== 'string' || !(DELIVERY_ACTIONS as readonly string[]).includes(type)) {
    return `${label}: action must be one of ${DELIVERY_ACTIONS.join(', ')}`;
  }
  const named = `${label} (${type})`;
  return unknownFieldProblem(named, input, FIELDS[type as DeliveryAction['action']]) ?? selectorsProblem(named, input) ?? contentProblem(named, type, input);
}

function selectorsProblem(label: string, action: Record<string, unknown>): string | undefined {
  for (const field of ['selector', 'cssSelector']) {
    if (action[field] === undefined) continue;
    const problem = textProblem(`${label} ${field}`, action[field], MAX_SELECTOR_CHARS);
    if (problem) return problem;
  }
  return undefined;
}

function contentProblem(label: string, type: string, action: Record<string, unknown>): string | undefined {
  const { content } = action;
  if (HTML_ACTIONS.includes(type) || type === 'setText') {
    if (typeof content !== 'string') return `${label} content must be text`;
    if (action.contentType !== undefined && action.contentType !== 'html' && action.contentType !== 'text') return `${label} contentType must be html or text`;
    return bytesProblem(`${label} content`, content, MAX_OFFER_CONTENT_BYTES);
  }
  switch (type) {
    case 'setJson':
      return content === undefined ? `${label} content required` : bytesProblem(`${label} content`, JSON.stringify(content), MAX_OFFER_CONTENT_BYTES);
    case 'setAttribute':
      return entriesProblem(label, content, ['attribute', 'value'], action);
    case 'setStyle':
      return entriesProblem(label, content, ['property', 'value'], action) ?? priorityProblem(label, action, content);
    case 'rearrange':
      return rearrangeProblem(label, content, action);
    case 'moveTo':
      // The selector the client moves by: the first non-empty, cssSelector first, as @mesura/personalize's render-offer.ts reads it.
      return moveToProblem(
        label,
        content,
        [action.cssSelector, action.selector].find((s): s is string => typeof s === 'string' && s !== ''),
        MAX_SELECTOR_CHARS,
      );
    case 'redirect':
      return redirectFieldsProblem(label, action);
    default:
      // remove and trackClick: FIELDS already refuses a content.
      return undefined;
  }
}

/** `{name: value}` content, or the 1.x pair (`attribute`/`property` and `value`), or both. */
function entriesProblem(label: string, content: unknown, [nameField, valueField]: [string, string], action: Record<string, unknown>): string | undefined {
  const entries: [unknown, unknown][] = [];
  if (content !== undefined) {
    if (!isRecord(content)) return `${label} content must be {name: value}`;
    entries.push(...Object.entries(content));
  }
  if (action[nameField] !== undefined || action[valueField] !== undefined) entries.push([action[nameField], action[valueField]]);
  if (entries.length === 0) return `${label} needs content {name: value}`;
  if (entries.length > MAX_ACTION_ENTRIES) return `${label} sets more than ${MAX_ACTION_ENTRIES} values`;
  for (const [name, value] of entries) {
    const nameProblem = textProblem(`${label} name`, name, MAX_ACTION_NAME_CHARS);
    if (nameProblem) return nameProblem;
    if (!NAME.test(name as string)) return `${label} name ${JSON.stringify(name)} is not an attribute or property name`;
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)) && typeof value !== 'boolean') {
      return `${label} value of ${name as string} must be text, a number or true/false`;
    }
    const valueProblem = textProblem(`${label} value of ${name as string}`, String(value), MAX_ACTION_VALUE_CHARS, true);
    if (valueProblem) return valueProblem;
  }
  return undefined;
}

/** setStyle's `priority` (1.x field, or the content key applying to every property): `important` or nothing. */
function priorityProblem(label: string, action: Record<string, unknown>, content: unknown): string | undefined {
  const priorities = [action.priority, isRecord(content) ? content.priority : undefined].filter((p) => p !== undefined);
  return priorities.every((p) => p === 'important' || p === '') ? undefined : `${label} priority must be important`;
}

function rearrangeProblem(label: string, content: unknown, action: Record<string, unknown>): string | undefined {
  const move = content === undefined ? { from: action.from, to: action.to } : content;
  if (!isRecord(move) || unknownFieldProblem(`${label} content`, move, ['from', 'to'])) return `${label} content must be {from, to}`;
  return wholeNumberProblem(`${label} from`, move.from, MAX_SMALL_INTEGER) ?? wholeNumberProblem(`${label} to`, move.to, MAX_SMALL_INTEGER);
}

function redirectFieldsProblem(label: string, action: Record<string, unknown>): string | undefined {
  if (action.content === undefined && action.url === undefined) return `${label} needs a URL`;
  for (const field of ['content', 'url']) {
    if (action[field] === undefined) continue;
    const problem = textProblem(`${label} ${field}`, action[field], MAX_URL_CHARS);
    if (problem) return problem;
  }
  return undefined;
}
