import { describe, expect, it } from 'vitest';
import { moduleNotFound, validateProperty, type PropertyConfig } from '../src/index.js';

const valid = (): PropertyConfig => ({
  name: 'test',
  domains: ['mesura.cat'],
  dataElements: {
    section: { type: 'dataLayer', path: 'page.seccio', default: 'cap', cleanText: true },
    'link.name': { type: 'eventDetail', path: 'linkName' },
  },
  rules: [
    {
      name: 'page view',
      events: [{ type: 'directCall', name: 'scPageView' }, { type: 'routeChange' }],
      conditions: [
        { type: 'pathContains', value: 'cercador', negate: true },
        { type: 'dataElement', name: 'section', operator: 'exists' },
      ],
      actions: [{ type: 'sendPageView', pageName: '%section%', variables: { section: '%section%' }, events: ['pageView'] }],
      order: 10,
    },
  ],
});

/** The error for `valid()` changed by `edit`. */
function errorOf(edit: (config: Record<string, any>) => unknown): string | undefined {
  const config = valid() as unknown as Record<string, any>;
  edit(config);
  const result = validateProperty(config);
  return result.ok ? undefined : result.error;
}

describe('validateProperty', () => {
  it('accepts a well-formed property and returns it', () => {
    const config = valid();
    expect(validateProperty(config)).toEqual({ ok: true, value: config });
  });

  it('names the bad path in one line', () => {
    const error = errorOf((c) => {
      c.rules = [...Array(3).fill(c.rules[0]), { ...c.rules[0], conditions: [{ type: 'pathContains', value: 7 }] }];
    });
    expect(error).toBe('rules[3].conditions[0].value must be a string');
  });

  it.each([
    ['a missing name', (c: any) => delete c.name, 'name must be a string'],
    ['an empty domain list', (c: any) => (c.domains = []), 'domains must be a non-empty array'],
    ['a domain that is not text', (c: any) => (c.domains = [1]), 'domains[0] must be a string'],
    ['rules that are not a list', (c: any) => (c.rules = {}), 'rules must be an array'],
    ['an order that is not a number', (c: any) => (c.rules[0].order = '1'), 'rules[0].order must be a number'],
    ['an unknown option', (c: any) => (c.rules[0].conditions[0].negated = true), 'rules[0].conditions[0].negated is not a known option: remove it or check its spelling'],
    ['a bad operator', (c: any) => (c.rules[0].conditions[1].operator = 'is'), 'rules[0].conditions[1].operator must be one of equals, notEquals, contains, startsWith, matches, exists, gt, lt'],
    ['a compare without its value', (c: any) => (c.rules[0].conditions[1].operator = 'equals'), 'rules[0].conditions[1].value is required with operator equals'],
    ['a bad path pattern', (c: any) => (c.rules[0].conditions[0] = { type: 'pathMatches', pattern: '^/noticia/(' }), 'rules[0].conditions[0].pattern is not a valid regular expression'],
    ['a bad matches pattern', (c: any) => Object.assign(c.rules[0].conditions[1], { operator: 'matches', value: '[' }), 'rules[0].conditions[1].value is not a valid regular expression'],
    ['a custom condition without a function', (c: any) => (c.rules[0].conditions[0] = { type: 'custom', test: 'true' }), 'rules[0].conditions[0].test must be a function'],
    ['a bad link type', (c: any) => (c.rules[0].actions[0] = { type: 'sendLink', linkType: 'x' }), 'rules[0].actions[0].linkType must be one of o, d, e'],
    [
      'a variable naming no data element',
      (c: any) => (c.rules[0].actions[0].variables.section = '%seccio%'),
      'rules[0].actions[0].variables.section refers to "seccio": add a data element of that name',
    ],
    ['a condition naming no data element', (c: any) => (c.rules[0].conditions[1].name = 'nope'), 'rules[0].conditions[1].name refers to "nope": add a data element of that name'],
    ['a bad data-element option', (c: any) => (c.dataElements.section.cleanText = 'yes'), 'dataElements.section.cleanText must be a boolean'],
    ['a dotted data-element name', (c: any) => (c.dataElements['link.name'].path = 1), 'dataElements["link.name"].path must be a string'],
    [
      'a bad page-info field',
      (c: any) => (c.dataElements.x = { type: 'pageInfo', field: 'title' }),
      'dataElements.x.field must be one of url, path, hostname, referrer, viewport, weekday, localTime, hour',
    ],
    ['a first value with two sources', (c: any) => (c.dataElements.x = { type: 'firstValue', path: 'page.a', dataElement: 'section' }), 'dataElements.x needs exactly one of dataElement or path'],
    ['a first value of an unknown element', (c: any) => (c.dataElements.x = { type: 'firstValue', dataElement: 'y' }), 'dataElements.x.dataElement refers to "y": add a data element of that name'],
  ])('refuses %s', (_, edit, message) => {
    expect(errorOf(edit)).toBe(message);
  });

  it('refuses a property that is not an object', () => {
    expect(validateProperty(null)).toEqual({ ok: false, error: 'property must be an object' });
  });

  it('refuses a type the runtime does not know with module not found (§8)', () => {
    expect(errorOf((c) => (c.rules[0].actions[0] = { type: 'sendBeacon' }))).toBe(`rules[0].actions[0].type: ${moduleNotFound('action', 'sendBeacon')}`);
    expect(errorOf((c) => (c.rules[0].events[0] = { type: 'scroll' }))).toBe('rules[0].events[0].type: Module not found: this runtime has no event of type "scroll"');
    expect(errorOf((c) => (c.dataElements.x = { type: 'localStorage' }))).toBe('dataElements.x.type: Module not found: this runtime has no data element of type "localStorage"');
  });
});
