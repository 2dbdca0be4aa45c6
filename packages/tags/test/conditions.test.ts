import { describe, expect, it } from 'vitest';
import type { CompareOperator, ConditionConfig, DataElementConfig } from '../src/index.js';
import { errors, fakeConsent, harness, property, rule, type FakeConsent } from '@mesura/test-utils/tags';

interface Setup {
  url?: string;
  consent?: FakeConsent;
  dataElements?: Record<string, DataElementConfig>;
}

/** Whether a rule with this one condition fires. */
async function passes(condition: ConditionConfig, setup: Setup = {}): Promise<boolean> {
  const h = harness(property([rule({ conditions: [condition] })], setup.dataElements), setup);
  const [outcome] = await h.runtime.fire({ type: 'directCall', name: 'go' });
  return outcome?.reason === 'fired';
}

describe('pathContains (§2 "path contains the word cercador")', () => {
  it.each([
    ['/cercador/', true],
    ['/cercador', true],
    ['/cercador-avancat/', true],
    ['/ca/cercador/resultats/', true],
    ['/cercadors/', false],
    ['/elcercador/', false],
    ['/noticia/1001/', false],
  ])('%s → %s (as a word)', async (path, expected) => {
    expect(await passes({ type: 'pathContains', value: 'cercador' }, { url: `https://www.mesura.cat${path}` })).toBe(expected);
  });

  it('matches anywhere with substring: true', async () => {
    expect(await passes({ type: 'pathContains', value: 'cercador', substring: true }, { url: 'https://www.mesura.cat/cercadors/' })).toBe(true);
  });

  it('reads the path only, not the query', async () => {
    expect(await passes({ type: 'pathContains', value: 'cercador' }, { url: 'https://www.mesura.cat/?from=cercador' })).toBe(false);
  });

  it('is inverted by negate', async () => {
    const url = 'https://www.mesura.cat/cercador/';
    expect(await passes({ type: 'pathContains', value: 'cercador', negate: true }, { url })).toBe(false);
    expect(await passes({ type: 'pathContains', value: 'el-temps', negate: true }, { url })).toBe(true);
  });
});

describe('pathMatches', () => {
  it('tests the path against the regular expression', async () => {
    const condition: ConditionConfig = { type: 'pathMatches', pattern: '^/noticia/(1001|1002)/' };
    expect(await passes(condition, { url: 'https://www.mesura.cat/noticia/1002/x/' })).toBe(true);
    expect(await passes(condition, { url: 'https://www.mesura.cat/noticia/1003/x/' })).toBe(false);
  });

  it('uses the flags and is inverted by negate', async () => {
    const url = 'https://www.mesura.cat/EL-TEMPS/';
    expect(await passes({ type: 'pathMatches', pattern: '^/el-temps/', flags: 'i' }, { url })).toBe(true);
    expect(await passes({ type: 'pathMatches', pattern: '^/el-temps/', flags: 'i', negate: true }, { url })).toBe(false);
  });
});

describe('dataElement compare', () => {
  const dataElements = (value: string): Record<string, DataElementConfig> => ({ v: { type: 'constant', value } });
  const cases: Array<[CompareOperator, string, string | number | undefined, boolean]> = [
    ['equals', 'noticies', 'noticies', true],
    ['equals', 'noticies', 'esports', false],
    ['notEquals', 'noticies', 'esports', true],
    ['notEquals', 'noticies', 'noticies', false],
    ['contains', 'noticies-politica', 'politica', true],
    ['contains', 'noticies', 'esports', false],
    ['startsWith', 'noticies-politica', 'noticies', true],
    ['startsWith', 'noticies-politica', 'politica', false],
    ['matches', 'noticia-1001', '^noticia-\\d+$', true],
    ['matches', 'portada', '^noticia-', false],
    ['exists', 'x', undefined, true],
    ['exists', '', undefined, false],
    ['gt', '12', 10, true],
    ['gt', '9', '10', false],
    ['gt', 'many', 1, false],
    ['lt', '9', 10, true],
    ['lt', '', 10, false],
  ];
  it.each(cases)('%s: %j against %j → %s', async (operator, value, operand, expected) => {
    const condition = { type: 'dataElement', name: 'v', operator, ...(operand !== undefined && { value: operand }) } as ConditionConfig;
    expect(await passes(condition, { dataElements: dataElements(value) })).toBe(expected);
  });

  it('compares case-insensitively when asked', async () => {
    const condition: ConditionConfig = { type: 'dataElement', name: 'v', operator: 'equals', value: 'NOTICIES', caseInsensitive: true };
    expect(await passes(condition, { dataElements: dataElements('Noticies') })).toBe(true);
  });

  it('takes an undefined element as empty: exists fails, negated it passes', async () => {
    const dataElementsUndefined: Record<string, DataElementConfig> = { v: { type: 'queryParam', name: 'absent' } };
    expect(await passes({ type: 'dataElement', name: 'v', operator: 'exists' }, { dataElements: dataElementsUndefined })).toBe(false);
    expect(await passes({ type: 'dataElement', name: 'v', operator: 'exists', negate: true }, { dataElements: dataElementsUndefined })).toBe(true);
  });
});

describe('queryParam', () => {
  const url = 'https://www.mesura.cat/?int=portada-banner&q=pressupostos';
  it('passes when the parameter is present', async () => {
    expect(await passes({ type: 'queryParam', name: 'int' }, { url })).toBe(true);
    expect(await passes({ type: 'queryParam', name: 'ext' }, { url })).toBe(false);
  });

  it('passes when it equals the value', async () => {
    expect(await passes({ type: 'queryParam', name: 'q', value: 'pressupostos' }, { url })).toBe(true);
    expect(await passes({ type: 'queryParam', name: 'q', value: 'eleccions' }, { url })).toBe(false);
  });

  it('matches the name case-insensitively when asked, and is inverted by negate', async () => {
    expect(await passes({ type: 'queryParam', name: 'INT' }, { url })).toBe(false);
    expect(await passes({ type: 'queryParam', name: 'INT', caseInsensitive: true }, { url })).toBe(true);
    expect(await passes({ type: 'queryParam', name: 'int', negate: true }, { url })).toBe(false);
  });
});

describe('consentVendor (§5 vendor consent list)', () => {
  it('passes only when the vendor is in the consent list', async () => {
    expect(await passes({ type: 'consentVendor', vendorId: 'web-analytics' }, { consent: fakeConsent(['web-analytics']) })).toBe(true);
    expect(await passes({ type: 'consentVendor', vendorId: 'web-analytics' }, { consent: fakeConsent(['audience-measurement']) })).toBe(false);
    expect(await passes({ type: 'consentVendor', vendorId: 755 }, { consent: fakeConsent([755]) })).toBe(true);
  });

  it('is inverted by negate', async () => {
    expect(await passes({ type: 'consentVendor', vendorId: 'web-analytics', negate: true }, { consent: fakeConsent([]) })).toBe(true);
  });
});

describe('automaticHitsEnabled (§5 "automatic hits not disabled")', () => {
  it('passes unless automatic hits are disabled', async () => {
    expect(await passes({ type: 'automaticHitsEnabled' }, { consent: fakeConsent([], false) })).toBe(true);
    expect(await passes({ type: 'automaticHitsEnabled' }, { consent: fakeConsent([], true) })).toBe(false);
  });

  it('is inverted by negate', async () => {
    expect(await passes({ type: 'automaticHitsEnabled', negate: true }, { consent: fakeConsent([], true) })).toBe(true);
  });
});

describe('custom condition', () => {
  it('passes on true, sync or async, and gets the rule context', async () => {
    expect(await passes({ type: 'custom', test: (ctx) => ctx.rule === 'rule' })).toBe(true);
    expect(await passes({ type: 'custom', test: async () => false })).toBe(false);
    expect(await passes({ type: 'custom', test: async () => false, negate: true })).toBe(true);
  });

  it('stops the rule with an error when it throws, negated or not', async () => {
    const h = harness(
      property([
        rule({
          conditions: [
            {
              type: 'custom',
              negate: true,
              test: () => {
                throw new Error('no');
              },
            },
          ],
        }),
      ]),
    );
    expect(await h.runtime.fire({ type: 'directCall', name: 'go' })).toEqual([{ rule: 'rule', reason: 'error', component: 'condition', index: 0, type: 'custom', message: 'no' }]);
    expect(errors(h)).toEqual(['[mesura tags] Rule "rule" stopped at condition 0 (custom): no']);
  });
});
