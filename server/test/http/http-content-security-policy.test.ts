import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { consolePolicy, sitePolicy } from '../../src/http/content-security-policy.js';
import { markInlineScripts } from '../../src/http/front-ends.js';

const dirs: string[] = [];
const servers: MesuraServer[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-csp-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SITE_SHELL =
  '<head><script>window.mesuraConfig=__MESURA_CONFIG__;/*__MESURA_HEAD__*/</script><script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body>';
const CONSOLE_SHELL = '<head><script type="module" crossorigin src="/consola/assets/index-c1.js"></script></head><body><div id="root"></div></body>';

async function startServer(env: Record<string, string> = {}, renderer?: string): Promise<MesuraServer> {
  const siteDir = tempDir();
  const consoleDir = tempDir();
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'index.html'), SITE_SHELL);
  writeFileSync(path.join(siteDir, 'assets', 'index-a1.js'), 'render()');
  writeFileSync(path.join(consoleDir, 'index.html'), CONSOLE_SHELL);
  const siteFirstViewFile = path.join(tempDir(), 'first-view.mjs');
  if (renderer) writeFileSync(siteFirstViewFile, renderer);
  const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent', ...env }, '/repo'), siteDir, consoleDir, siteFirstViewFile };
  const server = await createServer(config);
  servers.push(server);
  return server;
}

/** The policy as a map of directive to its sources. */
function directives(policy: unknown): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    (policy as string).split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

const nonceOf = (policy: unknown) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(policy))?.[1];

describe("the site's Content-Security-Policy", () => {
  it("allows scripts from the site's origin and its own inline script by a nonce, never 'unsafe-inline'", async () => {
    const { app } = await startServer();
    const page = await app.inject('/');
    const policy = directives(page.headers['content-security-policy']);
    const nonce = nonceOf(page.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    // hls.js: Media Source Extensions and its worker are blob: URLs.
    expect(policy.get('media-src')).toContain('blob:');
    expect(policy.get('worker-src')).toContain('blob:');
    expect(page.body).toContain(`<script nonce="${nonce}">window.mesuraConfig=`);
    expect(page.body).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
  });

  it('has a new nonce in each response, 128 bits of it', async () => {
    const { app } = await startServer();
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 20; i++) nonces.add(nonceOf((await app.inject('/el-temps/')).headers['content-security-policy']));
    expect(nonces.size).toBe(20);
    expect(Buffer.from([...nonces][0]!, 'base64')).toHaveLength(16);
  });

  it('is on the not-found page and on the shell without a first view', async () => {
    const { app } = await startServer({}, 'export async function renderFirstView() { return { html: "<h1>No</h1>", title: "T", notFound: true }; }');
    const missing = await app.inject('/no-existeix/');
    expect(missing.statusCode).toBe(404);
    expect(nonceOf(missing.headers['content-security-policy'])).toBeDefined();
  });

  it("cannot give its nonce away to a page's text: the view goes in after the nonce", async () => {
    const { app } = await startServer({}, 'export async function renderFirstView() { return { html: "<p>__MESURA_NONCE__</p>", title: "T" }; }');
    const page = await app.inject('/noticia/1/x/');
    expect(page.body).toContain('<p>__MESURA_NONCE__</p>');
  });

  it('lets the pages reach the configured ga destination and decision edge host', async () => {
    const { app } = await startServer({ MESURA_GA_DESTINATION: 'https://ga.example.cat', MESURA_DECISION_EDGE_HOST: 'edge.example.cat:8443' });
    const policy = directives((await app.inject('/')).headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://ga.example.cat', 'edge.example.cat:8443']);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https://ga.example.cat']));
  });

  it('is a pure function of its nonce and sources', () => {
    expect(sitePolicy('bm9uY2U=', { connect: [] })).toBe(
      "default-src 'self'; script-src 'self' 'nonce-bm9uY2U='; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; worker-src 'self' blob:; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'; form-action 'self'",
    );
  });

  it("takes images from the site's origins and MESURA_OFFER_ORIGINS only, not from any https host", async () => {
    const { app } = await startServer({ MESURA_SITE_ORIGINS: 'https://www.mesura.cat,https://mesura.cat', MESURA_OFFER_ORIGINS: 'https://cdn.mesura.cat' });
    const images = directives((await app.inject('/')).headers['content-security-policy']).get('img-src');
    expect(images).toEqual(["'self'", 'data:', 'blob:', 'https://www.mesura.cat', 'https://mesura.cat', 'https://cdn.mesura.cat']);
  });

  it('reads MESURA_OFFER_ORIGINS as a comma list of origins, and refuses anything else in one line', () => {
    expect(loadConfig({ MESURA_OFFER_ORIGINS: ' https://cdn.mesura.cat, http://fotos.mesura.cat:8080/ ' }, '/repo').offerOrigins).toEqual(['https://cdn.mesura.cat', 'http://fotos.mesura.cat:8080']);
    expect(loadConfig({}, '/repo').offerOrigins).toEqual([]);
    for (const bad of ['https:', 'ftp://cdn.mesura.cat', 'https://cdn.mesura.cat/fotos/', '*']) {
      expect(() => loadConfig({ MESURA_OFFER_ORIGINS: bad }, '/repo')).toThrow(`MESURA_OFFER_ORIGINS must be a comma list of http(s) origins such as https://www.mesura.cat, got '${bad}'`);
    }
  });

  it('lets the pages send to the collector (MESURA_PUBLIC_URL) and frame its ID-sync frame, and tells the SDK where it is (§7)', async () => {
    const { app } = await startServer({ MESURA_PUBLIC_URL: 'http://localhost:8080' });
    const page = await app.inject({ url: '/', headers: { host: '127.0.0.1:8080' } });
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:8080']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'http://localhost:8080']);
    expect(page.body).toContain('"collector":"http://localhost:8080"');
  });
});

describe("the console's Content-Security-Policy", () => {
  it('allows scripts from the origin only (the console has no inline script), on every console path', async () => {
    const { app } = await startServer();
    for (const url of ['/consola/', '/consola/informes/']) {
      const page = await app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-security-policy'], url).toBe(consolePolicy());
      const policy = directives(page.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    }
  });
});

describe('markInlineScripts', () => {
  it('gives the nonce placeholder to inline scripts only', () => {
    expect(markInlineScripts('<script>a()</script><script type="module" src="/x.js"></script><script type="application/json">{}</script>')).toBe(
      '<script nonce="__MESURA_NONCE__">a()</script><script type="module" src="/x.js"></script><script nonce="__MESURA_NONCE__" type="application/json">{}</script>',
    );
  });
});
