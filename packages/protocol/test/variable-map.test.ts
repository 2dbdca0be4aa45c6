import { describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, decodeBeaconQuery, encodeBeaconQuery, eventId, eventName, namedVariables, variableNames, variableSlots } from '@mesura/protocol';
import { makeHit } from '@mesura/test-utils';

describe('SITE_VARIABLE_MAP', () => {
  it.each([
    { name: 'campaign', slots: { eVar: 0 } },
    { name: 'section', slots: { eVar: 1, prop: 1 } },
    { name: 'subsection', slots: { eVar: 2, prop: 2 } },
    { name: 'subsectionLevel1', slots: { eVar: 3, prop: 3 } },
    { name: 'subsectionLevel2', slots: { eVar: 4, prop: 4 } },
    { name: 'programme', slots: { eVar: 5, prop: 5 } },
    { name: 'programmeName', slots: { eVar: 6 } },
    { name: 'broadcastChannel', slots: { eVar: 7, prop: 7 } },
    { name: 'pageType', slots: { eVar: 8, prop: 8 } },
    { name: 'loginState', slots: { eVar: 9 } },
    { name: 'userId', slots: { eVar: 10 } },
    { name: 'bigDataId', slots: { eVar: 11 } },
    { name: 'portal', slots: { eVar: 12, prop: 12 } },
    { name: 'web', slots: { eVar: 13, prop: 13 } },
    { name: 'language', slots: { eVar: 14 } },
    { name: 'contentProducer', slots: { eVar: 15 } },
    { name: 'topicArea', slots: { eVar: 16 } },
    { name: 'thematic', slots: { eVar: 17 } },
    { name: 'groupingCategory', slots: { eVar: 18 } },
    { name: 'delivertyId', slots: { eVar: 19 } },
    { name: 'contentTitle', slots: { eVar: 20 } },
    { name: 'author', slots: { eVar: 21 } },
    { name: 'timestamp', slots: { eVar: 22 } },
    { name: 'searchKeywords', slots: { eVar: 23, prop: 23 } },
    { name: 'searchResults', slots: { eVar: 24 } },
    { name: 'pageUrl', slots: { eVar: 25 } },
    { name: 'viewport', slots: { eVar: 26 } },
    { name: 'clickOrigin', slots: { eVar: 27 } },
    { name: 'clickIdentifier', slots: { eVar: 28 } },
    { name: 'emissionType', slots: { eVar: 29 } },
    { name: 'publicationTime', slots: { eVar: 30 } },
    { name: 'internalCampaign', slots: { eVar: 31 } },
    { name: 'socialAction', slots: { eVar: 32 } },
    { name: 'contentFormat', slots: { eVar: 33 } },
    { name: 'contentType', slots: { eVar: 34 } },
    { name: 'broadcastDate', slots: { eVar: 35 } },
    { name: 'relatedItems', slots: { eVar: 36 } },
    { name: 'multimediaContent', slots: { eVar: 37 } },
    { name: 'screenReader', slots: { eVar: 38 } },
  ])('gives $name its slots', ({ name, slots }) => {
    expect(SITE_VARIABLE_MAP.variables[name]).toEqual(slots);
  });

  it('names exactly those 39 variables, in slot order', () => {
    const names = variableNames(SITE_VARIABLE_MAP);
    expect(names).toHaveLength(39);
    expect(names.slice(0, 3)).toEqual(['campaign', 'section', 'subsection']);
    expect(names.at(-1)).toBe('screenReader');
  });

  it('names the events of spec §9', () => {
    expect(SITE_VARIABLE_MAP.events).toEqual({
      1: 'pageView',
      2: 'search',
      3: 'share',
      5: 'download',
      9: 'play',
      10: 'buttonClick',
      15: 'participate',
      26: 'radioNewWindow',
    });
  });

  it('cannot be changed by a caller', () => {
    expect(() => {
      (SITE_VARIABLE_MAP.variables as Record<string, unknown>).extra = { eVar: 99 };
    }).toThrow(TypeError);
    expect(() => {
      (SITE_VARIABLE_MAP.variables.section as { eVar?: number }).eVar = 99;
    }).toThrow(TypeError);
  });
});

describe('namedVariables', () => {
  it('reads the eVar before the prop', () => {
    const hit = makeHit({ eVars: { 1: 'from eVar' }, props: { 1: 'from prop' } });
    expect(namedVariables(hit, SITE_VARIABLE_MAP)).toEqual({ section: 'from eVar' });
  });

  it('falls back to the prop when the eVar is absent or empty', () => {
    expect(namedVariables(makeHit({ props: { 2: 'esports' } }), SITE_VARIABLE_MAP)).toEqual({ subsection: 'esports' });
    expect(namedVariables(makeHit({ eVars: { 2: '' }, props: { 2: 'esports' } }), SITE_VARIABLE_MAP)).toEqual({
      subsection: 'esports',
    });
  });

  it('reads the campaign from v0 and leaves out names without a value and slots without a name', () => {
    const hit = makeHit({ eVars: { 0: 'ext:newsletter', 99: 'unmapped' }, props: { 60: 'unmapped' } });
    expect(namedVariables(hit, SITE_VARIABLE_MAP)).toEqual({ campaign: 'ext:newsletter' });
  });
});

describe('variableSlots', () => {
  it('writes each value into every slot its name owns', () => {
    expect(variableSlots({ section: 'noticies', campaign: 'ext:x', searchKeywords: 'eleccions', userId: undefined }, SITE_VARIABLE_MAP)).toEqual({
      eVars: { 0: 'ext:x', 1: 'noticies', 23: 'eleccions' },
      props: { 1: 'noticies', 23: 'eleccions' },
    });
  });

  it('skips undefined and empty values', () => {
    expect(variableSlots({ section: '', userId: undefined }, SITE_VARIABLE_MAP)).toEqual({ eVars: {}, props: {} });
  });

  it('throws on a name the map does not define, even without a value', () => {
    expect(() => variableSlots({ seccio: 'noticies' }, SITE_VARIABLE_MAP)).toThrow('unknown variable "seccio"');
    expect(() => variableSlots({ toString: undefined }, SITE_VARIABLE_MAP)).toThrow('unknown variable "toString"');
  });

  it('gives back the same names after a trip over the wire', () => {
    const named = { section: 'noticies', subsection: 'política', campaign: 'int:portada', pageType: 'home' };
    const hit = makeHit(variableSlots(named, SITE_VARIABLE_MAP));
    const decoded = decodeBeaconQuery(encodeBeaconQuery(hit, 'page_view'));
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(namedVariables(decoded.value.hit, SITE_VARIABLE_MAP)).toEqual(named);
  });
});

describe('eventName and eventId', () => {
  it.each([
    { id: 1, name: 'pageView' },
    { id: 2, name: 'search' },
    { id: 26, name: 'radioNewWindow' },
  ])('pairs event$id with $name', ({ id, name }) => {
    expect(eventName(SITE_VARIABLE_MAP, id)).toBe(name);
    expect(eventId(SITE_VARIABLE_MAP, name)).toBe(id);
  });

  it('has no name for an unmapped event', () => {
    expect(eventName(SITE_VARIABLE_MAP, 4)).toBeUndefined();
  });

  it('throws on an unknown event name', () => {
    expect(() => eventId(SITE_VARIABLE_MAP, 'purchase')).toThrow('unknown event name "purchase"');
  });
});
