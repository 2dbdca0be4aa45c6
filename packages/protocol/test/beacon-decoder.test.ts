import { describe, expect, it } from 'vitest';
import { decodeBeaconQuery, type AnalyticsHit } from '@mesura/protocol';
import { validQueryWith } from '@mesura/test-utils';

function decodedHit(query: string | URLSearchParams): AnalyticsHit {
  const result = decodeBeaconQuery(query);
  if (!result.ok) throw new Error(result.reason);
  return result.value.hit;
}

describe('decodeBeaconQuery', () => {
  it('ignores parameters it does not know, as the library and its id service send many', () => {
    const hit = decodedHit(validQueryWith('mcorgid=ABC%40AdobeOrg', 'aamlh=6', 'aamb=BLOB', 'cdp=2', 'vidn=1', 'pccr=true', 'p=x', 'v9999x=1'));
    expect(hit.pageName).toBeUndefined();
    expect(hit.eVars).toEqual({});
  });

  it('skips the client-hints block, whose keys are not beacon parameters', () => {
    const hit = decodedHit(validQueryWith('h.', 'arch=x86', 'pageName=hint', 'platVersion=10', '.h', 'pageName=page'));
    expect(hit.pageName).toBe('page');
  });

  it('reads context data keys that shadow parameter names as context data', () => {
    const hit = decodedHit(validQueryWith('c.', 'pageName=in-context', 'fid=x', '.c', 'pageName=page'));
    expect(hit.contextData).toEqual({ pageName: 'in-context', fid: 'x' });
    expect(hit.pageName).toBe('page');
    expect(hit.visitor).toEqual({ fid: 'ABC' });
  });

  it('merges two context data blocks, as the page and ActivityMap each send one', () => {
    const hit = decodedHit(validQueryWith('c.', 'ccma.', 'seccio=noticies', '.ccma', '.c', 'pe=lnk_o', 'c.', 'a.', 'activitymap.', 'link=PDF', '.activitymap', '.a', '.c'));
    expect(hit.contextData).toEqual({ 'ccma.seccio': 'noticies', 'a.activitymap.link': 'PDF' });
  });

  it('ignores parameters shaped almost like numbered variables', () => {
    const hit = decodedHit(validQueryWith('h=1', 'l=2', 'hx1=3', 'x1=4', 'c1x=5', 'v%201=6', 'V1=7', 'l2=list'));
    expect([hit.props, hit.eVars, hit.hierarchies, hit.lists]).toEqual([{}, {}, {}, { 2: 'list' }]);
  });

  it('takes a long value of a parameter that has a format rather than a limit', () => {
    const consent = 'C'.repeat(2000);
    expect(decodedHit(validQueryWith('gdpr=1', `gdpr_consent=${consent}`)).consent).toEqual({ gdprApplies: true, tcString: consent });
  });

  it('keeps keys named as members of Object.prototype as context data', () => {
    const hit = decodedHit(validQueryWith('c.', 'constructor=c', '__proto__=p', 'a.', 'toString=t', '.a', '.c'));
    expect(Object.entries(hit.contextData)).toEqual([
      ['constructor', 'c'],
      ['__proto__', 'p'],
      ['a.toString', 't'],
    ]);
    expect(Object.getPrototypeOf(hit.contextData)).toBe(Object.prototype);
  });

  it('reads a dotted key written flat inside the block', () => {
    expect(decodedHit(validQueryWith('c.', 'a.media.name=6211234', '.c')).contextData).toEqual({
      'a.media.name': '6211234',
    });
  });

  it('joins a page URL the library split into g and -g', () => {
    const head = `https://www.example.cat/${'a'.repeat(232)}`;
    const hit = decodedHit(validQueryWith(`g=${encodeURIComponent(head)}`, '-g=%2Frest%3Fx%3D1'));
    expect(hit.url).toBe(`${head}/rest?x=1`);
  });

  it('reads empty parameters as absent', () => {
    const hit = decodedHit(validQueryWith('pageName=', 'ch=', 'c1=', 'events=', 'pe=', 'c.', 'a=', '.c', 'lrt='));
    expect(hit).toEqual(decodedHit(validQueryWith()));
    expect(Object.keys(hit)).not.toContain('pageName');
  });

  it('trims events and skips empty entries left by tags that concatenate lists', () => {
    expect(decodedHit(validQueryWith('events=%2Cevent1%2C%20event2%3D3%20%2C%2C')).events).toEqual([{ id: 1 }, { id: 2, value: 3 }]);
  });

  it('reads a link with neither pev1 nor pev2', () => {
    const result = decodeBeaconQuery(validQueryWith('pe=lnk_o'));
    expect(result).toMatchObject({ ok: true, value: { hitType: 'link_o', hit: { link: { type: 'o' } } } });
  });

  it('ignores pev1, pev2 and pev3 on a page view', () => {
    const result = decodeBeaconQuery(validQueryWith('pev1=x', 'pev2=y', 'pev3=video'));
    expect(result).toMatchObject({ ok: true, value: { hitType: 'page_view' } });
    expect(result.ok && result.value.hit.link).toBeUndefined();
    expect(result.ok && result.value.hit.media).toBeUndefined();
  });

  it('accepts a leading ? and reads + as a space, as form bodies encode it', () => {
    expect(decodedHit(`?${validQueryWith('pageName=a+b')}`).pageName).toBe('a b');
  });

  it('accepts URLSearchParams, as a POST form body arrives', () => {
    const body = new URLSearchParams(validQueryWith('pageName=ccma%3Aportada'));
    expect(decodedHit(body).pageName).toBe('ccma:portada');
  });

  it('ignores an AQB or AQE in the middle', () => {
    expect(decodedHit(validQueryWith('AQE=1', 'AQB=1', 'pageName=x')).pageName).toBe('x');
  });

  it('keeps a context data key named __proto__ as data', () => {
    const hit = decodedHit(validQueryWith('c.', '__proto__=x', 'a.', '__proto__=y', '.a', '.c'));
    expect(Object.entries(hit.contextData)).toEqual([
      ['__proto__', 'x'],
      ['a.__proto__', 'y'],
    ]);
    expect(Object.getPrototypeOf(hit.contextData)).toBe(Object.prototype);
  });
});
