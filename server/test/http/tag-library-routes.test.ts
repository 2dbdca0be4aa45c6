import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer } from '../../src/app.js';
import { TAG_ASSETS_DIR } from '../../src/http/tag-library-routes.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-tags-'));
  dirs.push(dir);
  return dir;
};

let server: Awaited<ReturnType<typeof createServer>>;
const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });

beforeAll(async () => {
  const sdkDir = tempDir();
  writeFileSync(path.join(sdkDir, 'mesura.js'), 'window.library=1');
  writeFileSync(path.join(sdkDir, 'mesura-audience.js'), 'window.audience=1');
  mkdirSync(path.join(sdkDir, TAG_ASSETS_DIR));
  writeFileSync(path.join(sdkDir, TAG_ASSETS_DIR, 'lectura-completa.js'), 'window.lectura=1');
  writeFileSync(path.join(sdkDir, TAG_ASSETS_DIR, 'interessos.js'), 'window.interessos=1');
  writeFileSync(path.join(sdkDir, 'secret.js'), 'window.secret=1');
  const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent' }, '/repo'), sdkDir };
  server = await createServer(config);
});

afterAll(async () => {
  await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the tag library by account id and layer name (§7 script loads)', () => {
  it.each(['development', 'staging', 'production'])('serves /mesura.js at /tags/mesura/%s/mesura.js, unchanged', async (layer) => {
    const answer = await get(`/tags/mesura/${layer}/mesura.js`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.body).toBe('window.library=1');
  });

  it('serves the modules the library loads beside itself, the audience module among them', async () => {
    expect((await get('/tags/mesura/production/mesura-audience.js')).body).toBe('window.audience=1');
    expect((await get('/mesura-audience.js')).body).toBe('window.audience=1');
  });

  it.each([
    ['an unknown account', '/tags/altre/production/mesura.js'],
    ['an unknown layer', '/tags/mesura/preproduccio/mesura.js'],
    ['a layer named after an object property', '/tags/mesura/constructor/mesura.js'],
    ['a file that is no bundle', '/tags/mesura/production/secret.js'],
    ['a path out of the folder', '/tags/mesura/production/..%2Fsecret.js'],
    ['markup in the layer', '/tags/mesura/%3Cscript%3E/mesura.js'],
  ])('answers 404 for %s, in one line naming no request value', async (_name, url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(404);
    const body = answer.json() as { code: string; error: string };
    expect(body.code).toBe('MESURA_ERR_NOT_FOUND');
    expect(body.error).toBe('no such tag library: use /tags/mesura/{development|staging|production}/mesura.js');
    expect(answer.body).not.toMatch(/altre|preproduccio|constructor|secret|script>/);
  });
});

describe("the tag manager's asset host (§7 script loads: two custom scripts)", () => {
  it('serves the two custom scripts of the property', async () => {
    expect((await get('/tags/mesura/assets/lectura-completa.js')).body).toBe('window.lectura=1');
    const answer = await get('/tags/mesura/assets/interessos.js');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.body).toBe('window.interessos=1');
  });

  it.each(['/tags/mesura/assets/secret.js', '/tags/mesura/assets/mesura.js', '/tags/altre/assets/interessos.js', '/tags/mesura/assets/toString'])('answers 404 for %s', async (url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      code: 'MESURA_ERR_NOT_FOUND',
      error: 'no such custom script: the asset host serves lectura-completa.js, interessos.js',
    });
  });
});

describe('the site page', () => {
  it('names the layer of its server environment to the head code', async () => {
    const siteDir = tempDir();
    writeFileSync(path.join(siteDir, 'index.html'), '<head><script>window.mesuraConfig=__MESURA_CONFIG__;/*__MESURA_HEAD__*/</script></head>');
    const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent', MESURA_ENV: 'staging' }, '/repo'), siteDir };
    const staging = await createServer(config);
    const page = await staging.app.inject('/');
    expect(page.body).toContain('"tagLibrary":"/tags/mesura/staging/mesura.js"');
    await staging.close();
  });
});
