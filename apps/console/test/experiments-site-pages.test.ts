import { describe, expect, it } from 'vitest';
import { pagesUnder, parseSitePages } from '../src/areas/experiments/site-pages';

const teaser = (path: string, title: string) => ({ type: 'article', id: 'x', title, summary: '', path, image: {}, label: '' });

describe("the site's pages a preview may open", () => {
  it('lists the home, the lead, every rail and the media once each, leaving out paths off the site', () => {
    const home = {
      lead: teaser('/noticia/1004/el-temps/', 'El temps'),
      rails: [{ section: {}, teasers: [teaser('/noticia/1004/el-temps/', 'El temps'), teaser('//evil.example/', 'Fora')] }],
      media: [teaser('/videos/1/', 'Vídeo')],
    };
    expect(parseSitePages(home)).toEqual([
      { path: '/', title: 'Portada' },
      { path: '/noticia/1004/el-temps/', title: 'El temps' },
      { path: '/videos/1/', title: 'Vídeo' },
    ]);
    expect(parseSitePages({ lead: 1 })).toBeUndefined();
  });

  it('offers the pages under a prefix, and every page when none is under it', () => {
    const pages = [
      { path: '/', title: 'Portada' },
      { path: '/noticia/1004/el-temps/', title: 'El temps' },
    ];
    expect(pagesUnder(pages, '/noticia/1004/')).toEqual([pages[1]]);
    expect(pagesUnder(pages, '/programes/')).toEqual(pages);
    expect(pagesUnder(pages, undefined)).toEqual(pages);
  });
});
