import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/free-port.js';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/services/clickhouse.sh');
const INSTALLED = existsSync('/usr/sbin/clickhouse-server') || existsSync('/usr/bin/clickhouse');
const run = promisify(execFile);
/** How long an address that drops packets, rather than refusing, is given to answer. */
const ANSWER_TIMEOUT_MS = 2000;

/** A port nothing listens on now (the kernel's choice). */
async function script(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(SCRIPT, args, { env: { ...process.env, ...env } });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** `SELECT 1` on one connection that is closed after it (a kept-alive one would hold up the server's stop). */
function answer(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const request = get({ host, port, path: '/?query=SELECT%201', agent: false, headers: { connection: 'close' }, timeout: ANSWER_TIMEOUT_MS }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body.trim()));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve('no answer'));
  });
}

/** Runs where clickhouse-server is installed; fails under CI without it (.ci/run installs it). */
const describeInstalled = INSTALLED || process.env.CI === 'true' ? describe : describe.skip;

describeInstalled('scripts/services/clickhouse.sh', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-ch-service-'));
  const folder = path.join(dir, 'clickhouse');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a server on loopback with everything under its folder, once, and stops it', async () => {
    expect(INSTALLED, 'clickhouse-server is not installed: apt-get install clickhouse-server').toBe(true);
    const ports = { MESURA_CLICKHOUSE_HTTP_PORT: String(await freePort()), MESURA_CLICKHOUSE_TCP_PORT: String(await freePort()) };
    const http = Number(ports.MESURA_CLICKHOUSE_HTTP_PORT);
    try {
      const started = await script(['start', folder], ports);
      expect(started).toMatchObject({ code: 0 });
      expect(started.out).toMatch(/^clickhouse: running \(pid \d+, http 127\.0\.0\.1:\d+, data .*\)\n$/);
      expect(await answer('127.0.0.1', http)).toBe('1');

      const again = await script(['start', folder], ports);
      expect(again.out).toContain('clickhouse: already running');
      expect(await script(['status', folder], ports)).toMatchObject({ code: 0 });

      const config = readFileSync(path.join(folder, 'config.xml'), 'utf8');
      const paths = [...config.matchAll(/>(\/[^<]*)</g)].map((match) => match[1]);
      expect(paths.length).toBeGreaterThan(4);
      for (const written of paths) expect(written?.startsWith(folder)).toBe(true);
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((address) => address?.family === 'IPv4' && !address.internal);
      if (outside) expect(await answer(outside.address, http)).toBe('no answer');
    } finally {
      const stopped = await script(['stop', folder], ports);
      expect(stopped).toMatchObject({ code: 0, out: 'clickhouse: stopped\n' });
    }
    expect(await answer('127.0.0.1', http)).toBe('no answer');
    expect(await script(['status', folder], ports)).toEqual({ code: 3, out: 'clickhouse: not running\n' });
    expect(await script(['stop', folder], ports)).toEqual({ code: 0, out: 'clickhouse: not running\n' });
  });

  it('refuses a bad port or command in one line', async () => {
    expect(await script(['start', folder], { MESURA_CLICKHOUSE_HTTP_PORT: '80a' })).toEqual({ code: 2, out: "clickhouse: port '80a' is not a number from 1 to 65535\n" });
    expect((await script(['restart'], {})).code).toBe(2);
  });
});
