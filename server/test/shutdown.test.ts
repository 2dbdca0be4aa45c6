import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS, createServer } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/** A listening server on an empty data folder, as main.ts starts it. */
async function listening() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-shutdown-'));
  const server = await createServer(loadConfig({ MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'silent' }, '/repo'));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  return { server, port, dispose: () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe('shutdown with a browser still connected', () => {
  it('closes at once with an idle keep-alive connection (a page left open)', async () => {
    const { server, port, dispose } = await listening();
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => http.get({ port, host: '127.0.0.1', path: '/healthz', agent }, (response) => response.resume().on('end', resolve)).on('error', reject));
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(SHUTDOWN_GRACE_MS);
    agent.destroy();
    dispose();
  });

  it('closes within the grace period with a connection that never sends a request (a preconnect)', async () => {
    const { server, port, dispose } = await listening();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(SHUTDOWN_GRACE_MS + 1000);
    socket.destroy();
    dispose();
  });
});
