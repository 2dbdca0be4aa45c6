import { describe, expect, it } from 'vitest';
import { parseSiteGoals } from '../src/areas/experiments/site-goals';

describe("the site's goals an experiment can take", () => {
  it('offers every goal the site keeps, by id and name with what reaching it means, and leaves out what is not a goal', () => {
    const goals = [
      { id: 'temps', name: 'Consultar el temps', type: 'page', url: 'https://www.mesura.cat/el-temps/*', match: 'pattern' },
      { id: 'portada', name: 'Portada', type: 'page', url: 'https://www.mesura.cat/', match: 'exact' },
      { id: 'compartir', name: 'Compartir', type: 'call', call: '3' },
      { id: 'Mal id', name: 'Mal', type: 'call', call: '3' },
    ];
    expect(parseSiteGoals({ goals })).toEqual([
      { id: 'temps', name: 'Consultar el temps', summary: 'Veu una pàgina com https://www.mesura.cat/el-temps/*' },
      { id: 'portada', name: 'Portada', summary: 'Veu https://www.mesura.cat/' },
      { id: 'compartir', name: 'Compartir', summary: 'Fa la crida 3' },
    ]);
    expect(parseSiteGoals({})).toBeUndefined();
  });
});
