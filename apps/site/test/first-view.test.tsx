import { contentApi, createSeedContent, type ArticleResponse } from '@mesura/content';
import { describe, expect, it, vi } from 'vitest';
import { renderFirstView } from '../src/first-view';
import { FIRST_VIEW_DATA_ELEMENT_ID } from '../src/first-view-data';

const ORIGIN = 'http://site.invalid';
const content = createSeedContent();
const article = content.articles.find((a) => a.id === '1001')!;
const ARTICLE: ArticleResponse = {
  article,
  section: content.sections.find((s) => s.slug === article.section)!,
  author: content.authors.find((a) => a.slug === article.author)!,
  themes: content.themes.filter((t) => article.themes.includes(t.slug)),
  related: [],
};
const ARTICLE_PATH = `/noticia/${article.id}/${article.slug}/`;

/** The content API as the server answers it in-process: here, one article and nothing else. */
const fetchContent = async (path: string) => (path === contentApi.article('1001') ? new Response(JSON.stringify(ARTICLE), { status: 200 }) : new Response(`no content at ${path}`, { status: 404 }));

describe("the server's first view of a page", () => {
  it("is the article with its title, the same markup the browser's app renders, and the data it was rendered from", async () => {
    const view = await renderFirstView(ORIGIN + ARTICLE_PATH, fetchContent);
    expect(view?.html).toContain('<h1 class="article__title">');
    expect(view?.html).toContain('class="article-actions');
    expect(view?.html).toContain('<main id="contingut" class="site-main"');
    // The title goes to head, not into the body.
    // Escaped: it goes into the page's HTML as it is.
    expect(view?.title).toBe(`${article.title.replaceAll("'", '&#x27;')} — Mesura.cat`);
    expect(view?.html).not.toContain('<title>');
    expect(view?.notFound).toBe(false);
    // The browser's router starts from the same data; no text of it can close the script element.
    expect(view?.dataElement).toContain(`id="${FIRST_VIEW_DATA_ELEMENT_ID}"`);
    expect(view?.dataElement).toContain(article.slug);
    expect(view?.dataElement.slice(view.dataElement.indexOf('>') + 1, -'</script>'.length)).not.toContain('<');
    // The page's name as its data layer gives it, for a link followed before the app.
    expect(view.pageName).toBe(`noticies:${article.slug}`);
    // A new visitor's page shows the consent banner with the page; a stored choice leaves it out.
    expect(view.consentBanner).toMatch(/^<div class="consent-root"><section role="dialog"/);
    expect((await renderFirstView(ORIGIN + ARTICLE_PATH, fetchContent, { cookie: 'euconsent-v2=CQ' })).consentBanner).toBe('');
  });

  it("is the site's not-found page, said so for the server's 404, for an unknown path or an unknown article, author or episode", async () => {
    const view = await renderFirstView(`${ORIGIN}/no-existeix/`, fetchContent);
    expect(view.redirect).toBeUndefined();
    expect(view?.title).toBe('Pàgina no trobada — Mesura.cat');
    expect(view?.notFound).toBe(true);
    expect(view.pageName).toBeUndefined();
    for (const path of ['/noticia/999999/no-existeix/', '/video/no-existeix/', '/autors/ningu/', '/tema/res/', '/noticies/no-existeix/']) {
      expect((await renderFirstView(ORIGIN + path, fetchContent))?.notFound, path).toBe(true);
    }
  });

  it('is the not-found page, not an empty one, for a path whose id the content API refuses as malformed', async () => {
    // The content API answers 400 to a slug outside its format (server/src/content/content-routes.ts).
    const refusing = async (path: string) => (/%20|%3C/.test(path) ? new Response('{"code":"MESURA_ERR_BAD_QUERY"}', { status: 400 }) : fetchContent(path));
    for (const path of ['/tema/a%20b/', '/video/a%20b/', '/autors/%3Cx%3E/', '/noticies/a%20b/']) {
      const view = await renderFirstView(ORIGIN + path, refusing);
      expect(view.notFound, path).toBe(true);
      expect(view.title, path).toBe('Pàgina no trobada — Mesura.cat');
    }
  });

  it('answers an article under another slug with a permanent redirect to its canonical path, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const view = await renderFirstView(`${ORIGIN}/noticia/${article.id}/un-altre-titol/?font=portada`, fetchContent);
    expect(view.redirect).toEqual({ to: `${ARTICLE_PATH}?font=portada`, status: 301 });
    // Empty, so that a server that does not read `redirect` sends the shell, whose router follows it.
    expect(view).toMatchObject({ html: '', title: undefined, notFound: false, dataElement: '' });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('renders the canonical article with no redirect', async () => {
    expect((await renderFirstView(ORIGIN + ARTICLE_PATH, fetchContent)).redirect).toBeUndefined();
  });

  it('carries the article’s poll as a form posted to the page itself, and the outcome of a post without JavaScript', async () => {
    const poll = {
      id: 'habitatge-2026',
      question: 'Quina mesura?',
      options: [
        { id: 'a', label: 'Opció A', votes: 3 },
        { id: 'b', label: 'Opció B', votes: 1 },
      ],
      total: 4,
    };
    const withPoll = async (path: string) => (path === '/api/engagement/polls/habitatge-2026' ? new Response(JSON.stringify(poll), { status: 200 }) : fetchContent(path));
    const { html, dataElement } = await renderFirstView(ORIGIN + ARTICLE_PATH, withPoll);
    expect(html).toMatch(/<form method="post"><input type="hidden" name="formulari" value="enquesta"\/><input type="hidden" name="enquesta-id" value="habitatge-2026"\/>/);
    expect(html).toContain('name="option" value="a"/> <!-- -->Opció A');
    expect(dataElement).toContain('"question":"Quina mesura?"');

    const voted = await renderFirstView(`${ORIGIN}${ARTICLE_PATH}?formulari=enquesta&resultat=ok`, withPoll);
    expect(voted.html).not.toContain('name="enquesta-id"');
    expect(voted.html).toContain('Gràcies per participar!');
    expect(voted.html).toContain('Opció A<!-- -->: <strong>75<!-- --> %</strong>');
    const refused = await renderFirstView(`${ORIGIN}${ARTICLE_PATH}?formulari=enquesta&resultat=error&motiu=500`, withPoll);
    expect(refused.html).toContain('name="enquesta-id"');
    expect(refused.html).toContain('No hem pogut desar la resposta.');
    // A poll the server cannot read leaves the article whole, its poll for the app to fetch.
    const failing = async (path: string) => (path.startsWith('/api/engagement/') ? new Response('', { status: 503 }) : fetchContent(path));
    const without = await renderFirstView(ORIGIN + ARTICLE_PATH, failing);
    expect(without.notFound).toBe(false);
    expect(without.html).toContain('S&#x27;està carregant l&#x27;enquesta');
  });

  it('sends no form by GET to its own page: without JavaScript nothing typed (a password, an address) goes into an address', async () => {
    for (const path of ['/entrar/', '/entrar/contrasenya-oblidada/']) {
      const { html } = await renderFirstView(ORIGIN + path, fetchContent);
      const forms = [...html.matchAll(/<form\b[^>]*>/g)].map(([tag]) => tag);
      expect(forms.length, path).toBeGreaterThan(0);
      for (const form of forms) expect(/\baction="/.test(form) || /\bmethod="post"/.test(form), `${path}: ${form}`).toBe(true);
    }
  });
});
