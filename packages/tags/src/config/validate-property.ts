/**
 * Checks a property at run time (it may come from JSON) and answers with the first problem as one
 * line naming its path, e.g. `rules[3].conditions[0].value must be a string`. A type the runtime
 * does not know is refused with the §8 "module not found" error.
 *
 * Shapes are written `name:kind` (see `obj`); the kinds are:
 * s string · b boolean · n number · f function · x string or number · t value template ·
 * v map of templates · e list of event names · o compare operator · l link type · p page-info field.
 */
import { firstValueSource, missingValue, moduleNotFound, mustBe, unknownReference } from '../errors.js';
import { PAGE_INFO } from '../core/page-info.js';
import { references } from '../core/template.js';
import { hasOwn, isRecord } from '../object.js';
import { firstError, is, key, list, map, obj, oneOf, pattern, str, type Check } from './checks.js';
import type { PropertyConfig } from './property-config.js';

export type ValidationResult = { ok: true; value: PropertyConfig } | { ok: false; error: string };

const EVENTS = { libraryLoaded: '', domReady: '', windowLoaded: '', routeChange: '', directCall: 'name:s', click: 'selector:s', custom: 'name:s' };

const CONDITIONS = {
  pathContains: 'value:s substring?:b',
  pathMatches: 'pattern:s flags?:s',
  dataElement: 'name:s operator:o value?:x caseInsensitive?:b',
  queryParam: 'name:s value?:s caseInsensitive?:b',
  consentVendor: 'vendorId:x',
  automaticHitsEnabled: '',
  custom: 'test:f',
};

const ACTIONS = {
  sendPageView: 'pageName?:t url?:t dataLayerVariables?:b variables?:v events?:e',
  sendLink: 'linkType?:l linkName?:t linkUrl?:t dataLayerVariables?:b variables?:v events?:e',
  clearVariables: '',
  loadScript: 'url:t',
  personalize: 'mbox:t parameters?:v',
  custom: 'run:f',
};

const DATA_ELEMENTS = {
  dataLayer: 'path:s',
  eventDetail: 'path:s',
  queryParam: 'name:s caseInsensitive?:b',
  cookie: 'name:s',
  constant: 'value:s',
  pageInfo: 'field:p',
  firstValue: 'dataElement?:s path?:s',
  custom: 'get:f',
};

type Extra = (value: Record<string, unknown>, path: string) => string | undefined;

export function validateProperty(config: unknown): ValidationResult {
  if (!isRecord(config)) return { ok: false, error: mustBe('property', 'an object') };
  const names = isRecord(config.dataElements) ? config.dataElements : {};
  const known = (name: unknown, path: string): string | undefined => (hasOwn(names, name as string) ? undefined : unknownReference(path, name as string));
  const template: Check = (value, path) => str(value, path) ?? firstError(references(value as string), (name) => known(name, path));
  const kinds: Record<string, Check> = {
    s: str,
    b: is((v) => typeof v === 'boolean', 'a boolean'),
    n: is(Number.isFinite, 'a number'),
    f: is((v) => typeof v === 'function', 'a function'),
    x: is((v) => typeof v === 'string' || Number.isFinite(v), 'a string or a number'),
    t: template,
    v: map(template),
    e: list(str),
    o: oneOf(['equals', 'notEquals', 'contains', 'startsWith', 'matches', 'exists', 'gt', 'lt']),
    l: oneOf(['o', 'd', 'e']),
    p: oneOf(Object.keys(PAGE_INFO)),
  };
  /** An object whose `type` picks its shape; `extra` checks what spans several options. */
  const typed =
    (kind: string, shapes: Record<string, string>, common: string, extra?: Extra): Check =>
    (value, path) => {
      if (!isRecord(value)) return mustBe(path, 'an object');
      const type = String(value.type);
      if (!hasOwn(shapes, type)) return `${key(path, 'type')}: ${moduleNotFound(kind, type)}`;
      return obj(`type:s ${common} ${shapes[type]}`, kinds)(value, path) ?? extra?.(value, path);
    };

  kinds.E = list(typed('event', EVENTS, ''));
  kinds.C = list(
    typed('condition', CONDITIONS, 'negate?:b', (c, path) => {
      if (c.type === 'pathMatches') return pattern(c.flags)(c.pattern, key(path, 'pattern'));
      if (c.type !== 'dataElement') return undefined;
      if (c.operator !== 'exists' && c.value === undefined) return missingValue(path, String(c.operator));
      return known(c.name, key(path, 'name')) ?? (c.operator === 'matches' ? pattern()(c.value, key(path, 'value')) : undefined);
    }),
  );
  kinds.A = list(typed('action', ACTIONS, ''));
  kinds.D = map(
    typed('data element', DATA_ELEMENTS, 'default?:t cleanText?:b forceLowerCase?:b', (d, path) => {
      if (d.type !== 'firstValue') return undefined;
      if ((d.dataElement === undefined) === (d.path === undefined)) return firstValueSource(path);
      return d.dataElement === undefined ? undefined : known(d.dataElement, key(path, 'dataElement'));
    }),
  );
  kinds.R = list(obj('name:s events:E conditions:C actions:A order?:n enabled?:b', kinds));
  kinds.d = (value, path) => kinds.e?.(value, path) ?? ((value as unknown[]).length ? undefined : mustBe(path, 'a non-empty array'));

  const error = obj('name:s domains:d allowLocalhost?:b dataElements:D rules:R', kinds)(config, '');
  return error === undefined ? { ok: true, value: config as unknown as PropertyConfig } : { ok: false, error };
}
