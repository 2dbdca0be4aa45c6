import { describe, expect, it } from 'vitest';
import { pageLabel, pageTitle } from '../../src/reports/page-label.js';

describe('how a page is named in the reports (reports/page-label.ts)', () => {
  it("takes a title, and none from a blank one or from the data layer's default in either spelling", () => {
    expect(pageTitle('La notícia del dia')).toBe('La notícia del dia');
    for (const none of ['No Informat', 'No informat', ' no informat ', '', '  ', null, undefined, 42]) expect(pageTitle(none)).toBeNull();
  });

  it("names a page without a title by its address's path and query, and a key that is no URL as it is", () => {
    expect(pageLabel('No Informat', 'https://www.mesura.cat/el-temps/?lloc=girona')).toBe('/el-temps/?lloc=girona');
    expect(pageLabel(null, 'https://www.mesura.cat/')).toBe('/');
    expect(pageLabel('Portada', 'https://www.mesura.cat/')).toBe('Portada');
    expect(pageLabel('No Informat', 'no és una adreça')).toBe('no és una adreça');
  });
});
