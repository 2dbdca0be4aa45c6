import { describe, expect, it } from 'vitest';
import { drilledTitle } from '../src/report-view/report-view';

describe("a drill-down's title", () => {
  it('names what it was opened for by the answer’s names, else as it is (an address shortened), leaving empty values out', () => {
    expect(drilledTitle('Subseccions', { section: 'noticies' }, { section: 'Notícies' })).toBe('Subseccions: Notícies');
    expect(drilledTitle('Províncies', { region: 'Catalonia' }, { region: 'Catalunya' })).toBe('Províncies: Catalunya');
    expect(drilledTitle('On van', { page: 'https://www.mesura.cat/el-temps/' }, undefined)).toBe('On van: mesura.cat/el-temps/');
    expect(drilledTitle('Episodis', { programme: 'prog-9', season: '' }, { programme: 'El reportatge' })).toBe('Episodis: El reportatge');
    expect(drilledTitle('Seccions', {}, undefined)).toBe('Seccions');
  });
});
