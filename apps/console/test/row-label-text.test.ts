import { describe, expect, it } from 'vitest';
import { ADDRESS_LABEL_MAX_CHARS, rowCode, rowHover, shownLabel } from '../src/report-view/row-label-text';

describe("a row's name as shown", () => {
  it('shows a name that is no address whole', () => {
    const title = 'El Parlament aprova la llei de pressupostos del 2027 després de tres mesos';
    expect(shownLabel(title)).toBe(title);
  });

  it('drops the scheme and www. of an address, and keeps a short one whole', () => {
    expect(shownLabel('https://www.parlament.cat/')).toBe('parlament.cat/');
    expect(shownLabel('/el-temps/')).toBe('/el-temps/');
  });

  it('cuts a long address in the middle so that addresses with the same start stay told apart', () => {
    const a = shownLabel('https://www.mesura.cat/noticia/1004/el-parlament-aprova-la-llei-de-pressupostos/');
    const b = shownLabel('https://www.mesura.cat/noticia/1017/els-hospitals-allarguen-les-visites/');
    expect(a).toBe('mesura.cat/no…i-de-pressupostos/');
    expect(b).toBe('mesura.cat/no…rguen-les-visites/');
    expect(a).not.toBe(b);
    expect(a.length).toBe(ADDRESS_LABEL_MAX_CHARS);
  });
});

describe("a row's code and hover text", () => {
  it('takes the code the answer gives, else the key', () => {
    expect(rowCode({ key: '3', code: 'event3 · scCompartir' })).toBe('event3 · scCompartir');
    expect(rowCode({ key: 'el-temps' })).toBe('el-temps');
  });

  it('adds the code to the whole name on hover only when it says something the name does not', () => {
    expect(rowHover({ key: 'el-temps', label: 'El temps' })).toBe('El temps (codi: el-temps)');
    expect(rowHover({ key: 'Chrome', label: 'Chrome' })).toBe('Chrome');
  });
});
