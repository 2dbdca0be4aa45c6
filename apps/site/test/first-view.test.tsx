import { describe, expect, it, vi } from 'vitest';
import { renderFirstView } from '../src/first-view';
import { SAMPLE_ARTICLES } from '../src/content/sample-articles';
import { articlePath } from '../src/content/article';

const ORIGIN = 'http://site.invalid';

/** The content API as the server answers it in-process; these pages need none of it yet. */
const noContent = async (path: string) => new Response(`no content at ${path}`, { status: 404 });

describe("the server's first view of a page", () => {
  it("is the article with its title, the same markup the browser's app renders", async () => {
    const article = SAMPLE_ARTICLES[0]!;
    const view = await renderFirstView(ORIGIN + articlePath(article), noContent);
    expect(view?.html).toContain('<h1 class="article__title">');
    expect(view?.html).toContain('class="article-actions');
    expect(view?.html).toContain('<main id="contingut" class="site-main">');
    // The title goes to head, not into the body.
    expect(view?.title).toContain('— Mesura.cat');
    expect(view?.html).not.toContain('<title>');
    expect(view?.notFound).toBe(false);
  });

  it("is the site's not-found page, said so for the server's 404, for an unknown path or an unknown article or media id", async () => {
    const view = await renderFirstView(`${ORIGIN}/no-existeix/`, noContent);
    expect(view?.title).toBe('Pàgina no trobada — Mesura.cat');
    expect(view?.notFound).toBe(true);
    for (const path of ['/noticia/999999/no-existeix/', '/video/no-existeix/']) {
      expect((await renderFirstView(ORIGIN + path, noContent))?.notFound, path).toBe(true);
    }
    for (const path of ['/', '/noticies/', '/el-temps/', '/videos/', '/cercador/?q=llei']) {
      expect((await renderFirstView(ORIGIN + path, noContent))?.notFound, path).toBe(false);
    }
  });

  it('carries the query a page renders from (the search page)', async () => {
    const view = await renderFirstView(`${ORIGIN}/cercador/?q=llei`, noContent);
    expect(view?.title).toBe('llei — Cercador — Mesura.cat');
  });

  it("leaves an article's redirect to the canonical path to the browser, without a warning", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const article = SAMPLE_ARTICLES[0]!;
    const view = await renderFirstView(`${ORIGIN}/noticia/${article.id}/un-altre-titol/`, noContent);
    expect(view?.html).not.toContain('article__title');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
