import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/http/compression.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit } from '../helpers/test-server.js';

const dirs: string[] = [];
const servers: MesuraServer[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-compression-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Text that compresses, longer than the threshold. */
const text = (label: string, bytes = 20_000) => `/* ${label} */ ${'window.mesura.track("page", {"section":"portada"});\n'.repeat(Math.ceil(bytes / 50))}`;
const SHELL = `<head><script>window.mesuraConfig=__MESURA_CONFIG__;/*__MESURA_HEAD__*/</script></head><body><div id="root"></div>${'<p>Portada</p>'.repeat(500)}</body>`;

interface Built {
  siteDir: string;
  sdkDir: string;
}

async function startServer(build: (dirs: Built) => void = () => undefined): Promise<MesuraServer> {
  const siteDir = tempDir();
  const sdkDir = tempDir();
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'index.html'), SHELL);
  build({ siteDir, sdkDir });
  const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent' }, '/repo'), siteDir, sdkDir };
  const server = await createServer(config);
  servers.push(server);
  return server;
}

/** The response body as the client reads it, after undoing its Content-Encoding. */
function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString();
}

describe('compression of what is made per request', () => {
  it('sends a page brotli when the client takes it, gzip when it takes only gzip, and as it is otherwise', async () => {
    const { app } = await startServer();
    const plain = await app.inject('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.body.replace(/nonce="[^"]+"/, '');
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const page = await app.inject({ url: '/', headers: { 'accept-encoding': acceptEncoding } });
      expect(page.headers['content-encoding'], acceptEncoding).toBe(encoding);
      if (encoding) expect(page.headers.vary, acceptEncoding).toContain('accept-encoding');
      expect(decoded(page).replace(/nonce="[^"]+"/, ''), acceptEncoding).toBe(expected);
      if (encoding) expect(page.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    }
  });

  it('compresses JSON answers past the threshold, and leaves small ones as they are', async () => {
    const { app } = await startServer();
    app.get('/test/large-json', { config: { access: 'public' } }, async () => ({ rows: Array.from({ length: 200 }, (_, i) => ({ page: `portada-${i}`, views: i })) }));
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const large = await app.inject({ url: '/test/large-json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(large)).rows).toHaveLength(200);
  });

  it('compresses a streamed answer as it streams, chunk by chunk', async () => {
    const { app } = await startServer();
    const { Readable } = await import('node:stream');
    app.get('/test/stream', { config: { access: 'public' } }, async (_request, reply) => {
      async function* lines() {
        for (let i = 0; i < 2000; i++) yield `{"eventId":"e-${i}","pageName":"mesura:portada"}\n`;
      }
      return reply.type('application/json; charset=utf-8').send(Readable.from(lines()));
    });
    const response = await app.inject({ url: '/test/stream', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBeUndefined();
    expect(decoded(response).split('\n')).toHaveLength(2001);
  });
});

describe('the event export', () => {
  it('goes out compressed as it streams, whole once decompressed', async () => {
    const t = await startTestServer({}, () => Date.UTC(2026, 10, 23, 10, 0, 0));
    try {
      const hits = Array.from({ length: 30 }, () => testHit());
      for (const hit of hits) expect((await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
      const response = await t.server.app.inject({
        url: '/api/export/events?from=2026-11-23&to=2026-11-23&format=json',
        headers: { ...(await t.authHeaders('analyst')), 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      const rows = JSON.parse(decoded(response)) as { event_id: string }[];
      expect(rows.map((row) => row.event_id).sort()).toEqual(hits.map((hit) => hit.eventId).sort());
    } finally {
      await t.dispose();
    }
  });
});

describe('built files, compressed at build time', () => {
  it("are sent from the .br or .gz beside them, as the client's Accept-Encoding allows", async () => {
    const source = text('asset');
    const { app } = await startServer(({ siteDir }) => {
      const file = path.join(siteDir, 'assets', 'index-a1.js');
      writeFileSync(file, source);
      // Marked copies, so that the test sees which file went out.
      writeFileSync(`${file}.br`, brotliCompressSync(`${source}//br`));
      writeFileSync(`${file}.gz`, gzipSync(`${source}//gz`));
    });
    const br = await app.inject({ url: '/assets/index-a1.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(decoded(br)).toBe(`${source}//br`);
    const gz = await app.inject({ url: '/assets/index-a1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(decoded(gz)).toBe(`${source}//gz`);
    const plain = await app.inject('/assets/index-a1.js');
    expect(decoded(plain)).toBe(source);
  });

  it('are compressed on the fly when the build left no copy beside them', async () => {
    const source = text('asset without copies');
    const { app } = await startServer(({ siteDir }) => writeFileSync(path.join(siteDir, 'assets', 'index-b2.css'), source));
    const response = await app.inject({ url: '/assets/index-b2.css', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response)).toBe(source);
  });

  it("serve the SDK's bundles from their fresh copies, and compress a bundle whose copy is older than it", async () => {
    const core = text('core');
    const media = text('media');
    const { app } = await startServer(({ sdkDir }) => {
      writeFileSync(path.join(sdkDir, 'mesura.js'), core);
      writeFileSync(path.join(sdkDir, 'mesura.js.br'), brotliCompressSync(`${core}//prebuilt`));
      const mediaFile = path.join(sdkDir, 'mesura-media.js');
      writeFileSync(mediaFile, media);
      writeFileSync(`${mediaFile}.br`, brotliCompressSync('stale'));
      // The SDK rebuilt alone after the copies were made.
      utimesSync(`${mediaFile}.br`, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    });
    const fresh = await app.inject({ url: '/mesura.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(fresh.headers.vary).toBe('Accept-Encoding');
    expect(decoded(fresh)).toBe(`${core}//prebuilt`);
    const stale = await app.inject({ url: '/mesura-media.js', headers: { 'accept-encoding': 'br' } });
    expect(decoded(stale)).toBe(media);
    const gzip = await app.inject({ url: '/mesura-media.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(media);
    expect(decoded(await app.inject('/mesura.js'))).toBe(core);
  });
});
