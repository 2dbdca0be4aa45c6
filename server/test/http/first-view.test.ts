import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { injectFirstView } from '../../src/http/first-view.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-first-view-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SHELL = '<head><title>Mesura</title><script>window.mesuraConfig=__MESURA_CONFIG__;/*__MESURA_HEAD__*/</script></head><body><div id="root"></div></body>';

/** A server whose site has the shell above and, as its server build, `renderer` (module source). */
async function serverWithRenderer(renderer: string | undefined) {
  const siteDir = tempDir();
  writeFileSync(path.join(siteDir, 'index.html'), SHELL);
  const siteFirstViewFile = path.join(tempDir(), 'first-view.mjs');
  if (renderer !== undefined) writeFileSync(siteFirstViewFile, renderer);
  const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent' }, '/repo'), siteDir, siteFirstViewFile };
  return createServer(config);
}

describe('injectFirstView', () => {
  it("puts the view into the empty root and its title into head's title", () => {
    const page = injectFirstView(SHELL, { html: '<h1>Llei</h1>', title: 'Llei — Mesura.cat' });
    expect(page).toContain('<title>Llei — Mesura.cat</title>');
    expect(page).toContain('<div id="root"><h1>Llei</h1></div>');
  });

  it("puts the view's alternate links (a podcast's feed) at the end of head", () => {
    const link = '<link rel="alternate" type="application/rss+xml" href="/programes/x/podcast.xml"/>';
    const page = injectFirstView(SHELL, { html: '<h1>X</h1>', title: 'X', headLinks: link });
    expect(page).toContain(`${link}</head>`);
    expect(injectFirstView(SHELL, { html: '<h1>X</h1>', title: 'X' })).toContain('</script></head>');
  });

  it('keeps the shell title when the view has none, and takes `$` in markup literally', () => {
    const page = injectFirstView(SHELL, { html: "<p>$& $' 5 $</p>", title: undefined });
    expect(page).toContain('<title>Mesura</title>');
    expect(page).toContain('<div id="root"><p>$& $\' 5 $</p></div>');
  });

  it("names the page on the root for the head's capture of a link followed before the app, escaped; nothing without a name", () => {
    const page = injectFirstView(SHELL, { html: '<h1>X</h1>', title: 'X', pageName: 'noticies:"a"&<b>' });
    expect(page).toContain('<div id="root" data-mesura-page-name="noticies:&quot;a&quot;&amp;&lt;b&gt;"><h1>X</h1></div>');
    expect(injectFirstView(SHELL, { html: '<h1>X</h1>', title: 'X', pageName: '' })).toContain('<div id="root"><h1>X</h1></div>');
  });

  it('changes nothing in a page without an empty root', () => {
    expect(injectFirstView('<div id="root">x</div>', { html: '<h1>y</h1>', title: 't' })).toBe('<div id="root">x</div>');
  });
});

describe("the site's pages", () => {
  it("go out with the server build's first view of their path and query", async () => {
    const server = await serverWithRenderer(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the renderer's own source text, whose template the server runs.
      'export async function renderFirstView(url) { const u = new URL(url); return { html: `<p>${u.pathname}|${u.search}</p>`, title: "T" }; }',
    );
    const page = await server.app.inject({ url: '/noticia/1001/x/?a=1', headers: { host: 'evil.example' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"><p>/noticia/1001/x/|?a=1</p></div>');
    expect(page.body).toContain('<title>T</title>');
    expect((await server.app.inject('/')).body).toContain('<div id="root"><p>/|</p></div>');
    await server.close();
  });

  it('carry the consent banner after the root unless the cookies hold a choice, and vary by Cookie', async () => {
    const server = await serverWithRenderer(
      'export async function renderFirstView(url, fetchContent, request) { const chosen = /euconsent-v2=/.test(request.cookie ?? ""); return { html: "<h1>P</h1>", title: "T", dataElement: "<script>d</script>", consentBanner: chosen ? "" : "<div class=\\"consent-root\\">B</div>" }; }',
    );
    const asked = await server.app.inject('/noticies/');
    expect(asked.body).toContain('<div id="root"><h1>P</h1></div><script>d</script><div class="consent-root">B</div>');
    expect(asked.headers.vary).toMatch(/\bCookie\b/);
    const chosen = await server.app.inject({ url: '/noticies/', headers: { cookie: 'a=1; euconsent-v2=CQabc' } });
    expect(chosen.body).not.toContain('consent-root');
    expect(chosen.headers.vary).toMatch(/\bCookie\b/);
    await server.close();
  });

  it("answer a route's redirect with its status and Location, and nothing else; a redirect elsewhere is not followed", async () => {
    const server = await serverWithRenderer(
      `export async function renderFirstView(url) {
        const empty = { html: '', title: undefined, notFound: false, dataElement: '' };
        if (url.includes('/noticia/1001/vell/')) return { ...empty, redirect: { to: '/noticia/1001/nou/', status: 301 } };
        if (url.includes('/el-temps/')) return { ...empty, redirect: { to: '/el-temps/girona/', status: 302 } };
        if (url.includes('/fora/')) return { ...empty, redirect: { to: '//evil.example/', status: 301 } };
        return { html: '<h1>Pàgina</h1>', title: 'T', notFound: false };
      }`,
    );
    const moved = await server.app.inject('/noticia/1001/vell/?font=portada');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/noticia/1001/nou/');
    expect(moved.body).not.toContain('<div id="root">');
    const found = await server.app.inject('/el-temps/?q=girona');
    expect([found.statusCode, found.headers.location]).toEqual([302, '/el-temps/girona/']);
    const elsewhere = await server.app.inject('/fora/');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers.location).toBeUndefined();
    await server.close();
  });

  it('go out as the empty shell, still 200, when the rendering throws or the route redirects', async () => {
    const server = await serverWithRenderer('export async function renderFirstView(url) { if (url.includes("boom")) throw new Error("boom"); return undefined; }');
    for (const url of ['/boom/', '/noticia/1001/altre/']) {
      const page = await server.app.inject(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
    }
    await server.close();
  });

  it("answer 404 with the site's not-found page when the first view is that page; known pages stay 200", async () => {
    const server = await serverWithRenderer(
      'export async function renderFirstView(url) { const nf = url.includes("no-existeix"); return { html: nf ? "<h1>Pàgina no trobada</h1>" : "<h1>Portada</h1>", title: "T", notFound: nf }; }',
    );
    const missing = await server.app.inject('/no-existeix/');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('<div id="root"><h1>Pàgina no trobada</h1></div>');
    for (const url of ['/', '/noticies/']) expect((await server.app.inject(url)).statusCode, url).toBe(200);
    await server.close();
  });

  it('answer a missing static file (a path with an extension) 404 with the one-line error, not the site page', async () => {
    const server = await serverWithRenderer('export async function renderFirstView() { return { html: "x", title: "T", notFound: false }; }');
    const missing = await server.app.inject('/assets/no-existeix.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MESURA_ERR_NOT_FOUND' });
    await server.close();
  });

  it('go out as the empty shell without a server build', async () => {
    const server = await serverWithRenderer(undefined);
    expect((await server.app.inject('/el-temps/')).body).toContain('<div id="root"></div>');
    await server.close();
  });

  it('go out as the empty shell when the server build exports no renderer or does not load, and the server starts', async () => {
    for (const build of ['export const nothing = 1;', 'throw new Error("broken build");']) {
      const server = await serverWithRenderer(build);
      const page = await server.app.inject('/el-temps/');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      await server.close();
    }
  });
});
