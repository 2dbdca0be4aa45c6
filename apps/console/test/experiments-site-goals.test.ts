import { describe, expect, it } from 'vitest';
import { parseSiteGoals } from '../src/areas/experiments/site-goals';

describe("the site's goals an experiment can take", () => {
  it('offers page goals that are a path and one *, as the path a visit starts with, and leaves the rest out', () => {
    const goals = [
      { id: 'temps', name: 'Consultar el temps', type: 'page', url: 'https://www.mesura.cat/el-temps/*', match: 'pattern' },
      { id: 'portada', name: 'Portada', type: 'page', url: 'https://www.mesura.cat/', match: 'exact' },
      { id: 'mig', name: 'Mig', type: 'page', url: 'https://www.mesura.cat/*/fotos/*', match: 'pattern' },
      { id: 'relatiu', name: 'Programes', type: 'page', url: '/programes/*', match: 'pattern' },
      { id: 'compartir', name: 'Compartir', type: 'call', call: '3' },
    ];
    expect(parseSiteGoals({ goals })).toEqual([
      { name: 'Consultar el temps', pathPrefix: '/el-temps/' },
      { name: 'Programes', pathPrefix: '/programes/' },
    ]);
    expect(parseSiteGoals({})).toBeUndefined();
  });
});
