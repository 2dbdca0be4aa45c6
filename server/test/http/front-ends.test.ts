import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer } from '../../src/app.js';
import { BROWSER_BUNDLES, injectConfig, injectHead } from '../../src/http/front-ends.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-front-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the site configuration the SDK receives', () => {
  it('carries sister domains and the ga destination from the environment', () => {
    const config = loadConfig({ MESURA_SISTER_DOMAINS: ' mesura.cat, mesuraplay.cat ,', MESURA_GA_DESTINATION: 'https://ga.example.cat/' }, '/repo');
    expect(config.sisterDomains).toEqual(['mesura.cat', 'mesuraplay.cat']);
    expect(config.gaDestination).toBe('https://ga.example.cat');
    expect(loadConfig({ MESURA_GA_DESTINATION: 'off' }, '/repo').gaDestination).toBe(false);
    expect(loadConfig({}, '/repo')).toMatchObject({ sisterDomains: [], gaDestination: undefined });
  });

  it('refuses a ga destination that is not an origin, with one line naming the variable', () => {
    for (const bad of ['ga.example.cat', 'ftp://ga.example.cat', 'https://ga.example.cat/collect']) {
      expect(() => loadConfig({ MESURA_GA_DESTINATION: bad }, '/repo')).toThrow(`MESURA_GA_DESTINATION must be an http(s) origin or 'off', got '${bad}'`);
    }
  });

  it('is written into the page as JSON that cannot close the script element', () => {
    const html = injectConfig('<script>window.mesuraConfig=__MESURA_CONFIG__;</script>', {
      autoPageView: false,
      sisterDomains: ['</script><script>alert(1)</script>'],
    });
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('"autoPageView":false');
  });
});

describe('the head snippet', () => {
  it('is inlined once at its placeholder, unable to close the script element', () => {
    const html = injectHead('<script>window.mesuraConfig={};/*__MESURA_HEAD__*/</script>', 'var a="</script>";$&');
    expect(html).toBe('<script>window.mesuraConfig={};var a="<\\/script>";$&</script>');
  });

  it('is in the site page the server serves, after the configuration', async () => {
    const siteDir = tempDir();
    const sdkDir = tempDir();
    writeFileSync(path.join(siteDir, 'index.html'), '<head><script>window.mesuraConfig=__MESURA_CONFIG__;/*__MESURA_HEAD__*/</script></head>');
    writeFileSync(path.join(sdkDir, 'mesura-head.js'), 'window.head=1');
    const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent' }, '/repo'), siteDir, sdkDir };
    const server = await createServer(config);
    const page = await server.app.inject('/noticia/1001/x/');
    const nonce = /'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)?.[1];
    expect(page.body).toBe(
      `<head><script nonce="${nonce}">window.mesuraConfig={"autoPageView":false,"sisterDomains":[],"tagLibrary":"/tags/mesura/development/mesura.js"};window.head=1</script></head>`,
    );
    await server.close();
  });
});

describe('the browser bundles', () => {
  it('serves /mesura.js and /mesura-activity-map.js from the SDK folder, and says when one is not built', async () => {
    const sdkDir = tempDir();
    writeFileSync(path.join(sdkDir, 'mesura.js'), 'window.core=1');
    const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent' }, '/repo'), sdkDir };
    const server = await createServer(config);
    const app = server.app;
    const core = await app.inject('/mesura.js');
    expect(core.statusCode).toBe(200);
    expect(core.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(core.body).toBe('window.core=1');
    const module = await app.inject('/mesura-activity-map.js');
    expect(module.statusCode).toBe(404);
    expect(module.body).toContain('the SDK (mesura-activity-map.js) is not built; run npm run build');
    await server.close();
  });

  it('serves the personalisation client and its sanitiser, which the client loads from the root', async () => {
    expect(BROWSER_BUNDLES).toEqual(expect.arrayContaining(['mesura-personalize.js', 'mesura-sanitize.js']));
    const sdkDir = tempDir();
    writeFileSync(path.join(sdkDir, 'mesura-sanitize.js'), 'window.mesuraSanitizer={}');
    const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent' }, '/repo'), sdkDir };
    const server = await createServer(config);
    const sanitizer = await server.app.inject('/mesura-sanitize.js');
    expect(sanitizer.statusCode).toBe(200);
    expect(sanitizer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sanitizer.body).toBe('window.mesuraSanitizer={}');
    await server.close();
  });
});

describe('the built site files', () => {
  it('caches the hashed build output for a year, immutable; other files are revalidated', async () => {
    const siteDir = tempDir();
    mkdirSync(path.join(siteDir, 'assets'));
    mkdirSync(path.join(siteDir, 'documents'));
    writeFileSync(path.join(siteDir, 'index.html'), '<head><script>window.mesuraConfig=__MESURA_CONFIG__;/*__MESURA_HEAD__*/</script></head>');
    writeFileSync(path.join(siteDir, 'assets', 'index-BsqQ5kg6.js'), 'render()');
    writeFileSync(path.join(siteDir, 'documents', 'informe.pdf'), '%PDF');
    const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent' }, '/repo'), siteDir };
    const server = await createServer(config);
    const asset = await server.app.inject('/assets/index-BsqQ5kg6.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const document = await server.app.inject('/documents/informe.pdf');
    expect(document.statusCode).toBe(200);
    expect(document.headers['cache-control']).toBe('public, max-age=0');
    const page = await server.app.inject('/noticia/1001/x/');
    expect(page.headers['cache-control']).toBe('no-cache');
    await server.close();
  });
});
