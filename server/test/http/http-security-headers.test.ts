import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type MesuraServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BROWSER_UA, beaconUrl, testHit } from '../helpers/test-server.js';

const dirs: string[] = [];
const servers: MesuraServer[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-headers-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SHELL = '<head><script>window.mesuraConfig=__MESURA_CONFIG__;/*__MESURA_HEAD__*/</script></head><body><div id="root"></div></body>';

/** A server with a built site (shell and one asset) and SDK bundle, on a fresh data folder. */
async function startServer(env: Record<string, string> = {}): Promise<MesuraServer> {
  const siteDir = tempDir();
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'index.html'), SHELL);
  writeFileSync(path.join(siteDir, 'assets', 'index-a1.js'), 'render()');
  const sdkDir = tempDir();
  writeFileSync(path.join(sdkDir, 'mesura.js'), 'window.core=1');
  const config = { ...loadConfig({ MESURA_DATA_DIR: tempDir(), MESURA_LOG_LEVEL: 'silent', ...env }, '/repo'), siteDir, sdkDir };
  const server = await createServer(config);
  servers.push(server);
  return server;
}

/** What a real client gets: the collectors answer on node:http, outside Fastify. */
async function getOverTcp(server: MesuraServer, url: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: url, headers: { 'user-agent': BROWSER_UA } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    })
      .on('error', reject)
      .end();
  });
}

const BASELINE = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

describe('the headers every response carries', () => {
  it('are on pages, static files, bundles, JSON answers and errors alike', async () => {
    const { app } = await startServer();
    for (const url of ['/', '/noticia/1/x/', '/assets/index-a1.js', '/mesura.js', '/healthz', '/api/no-existeix', '/assets/no-existeix.js']) {
      const response = await app.inject(url);
      expect(response.headers, url).toMatchObject(BASELINE);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("are on the collector's answers, which node:http writes outside Fastify", async () => {
    const server = await startServer();
    const beacon = await getOverTcp(server, beaconUrl(testHit()));
    expect(beacon.status).toBeLessThan(500);
    expect(beacon.headers).toMatchObject(BASELINE);
  });

  it('include HSTS for a year, subdomains too, only when the public URL is https', async () => {
    const { app } = await startServer({ MESURA_PUBLIC_URL: 'https://mesura.example.cat' });
    for (const url of ['/', '/healthz', '/mesura.js']) {
      expect((await app.inject(url)).headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    const plain = await startServer({ MESURA_PUBLIC_URL: 'http://mesura.example.cat' });
    expect((await plain.app.inject('/')).headers['strict-transport-security']).toBeUndefined();
  });

  it('include HSTS on the collector too when the public URL is https', async () => {
    const server = await startServer({ MESURA_PUBLIC_URL: 'https://mesura.example.cat' });
    const beacon = await getOverTcp(server, beaconUrl(testHit()));
    expect(beacon.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
