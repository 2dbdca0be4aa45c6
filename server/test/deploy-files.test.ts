/**
 * The deployment files docs/operations.md gives (deploy/): the systemd unit passes
 * `systemd-analyze verify`, and the nginx site passes `nginx -t` inside a minimal nginx.conf, with
 * a certificate made for the test in place of the operator's. Both tools are Debian's: CI
 * installs nginx; systemd-analyze comes with systemd.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryBudget } from '../src/memory-budget.js';

const DEPLOY = path.resolve(import.meta.dirname, '../../deploy');
const scratch = mkdtempSync(path.join(tmpdir(), 'mesura-deploy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('deploy/', () => {
  it('mesura.service passes systemd-analyze verify, and starts the built server with the settings docs/operations.md names', () => {
    const unit = path.join(DEPLOY, 'mesura.service');
    const verified = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(verified.stderr + verified.stdout).toBe('');
    expect(verified.status).toBe(0);
    const text = readFileSync(unit, 'utf8');
    const budgetMiB = Number(/^Environment=MESURA_MEMORY_MIB=(\d+)$/m.exec(text)?.[1]);
    const heapMiB = memoryBudget(budgetMiB).nodeHeapMiB;
    expect(text).toMatch(new RegExp(`^ExecStart=/usr/bin/node --max-old-space-size=${heapMiB} /opt/mesura/server/dist/main\\.js$`, 'm'));
    expect(text).toMatch(/^RestartPreventExitStatus=2$/m);
    expect(text).toMatch(/^Environment=MESURA_TRUSTED_PROXY_HOPS=1$/m);
  });

  it('nginx-mesura.conf passes nginx -t', () => {
    const cert = path.join(scratch, 'cert.pem');
    const key = path.join(scratch, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=mesura.test', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    const site = readFileSync(path.join(DEPLOY, 'nginx-mesura.conf'), 'utf8').replace('/etc/ssl/mesura/fullchain.pem', cert).replace('/etc/ssl/mesura/privkey.pem', key);
    writeFileSync(path.join(scratch, 'site.conf'), site);
    const main = path.join(scratch, 'nginx.conf');
    writeFileSync(main, `pid ${scratch}/nginx.pid;\nerror_log ${scratch}/error.log;\nevents {}\nhttp {\n  include ${scratch}/site.conf;\n}\n`);
    const tested = spawnSync('nginx', ['-t', '-q', '-c', main, '-p', scratch], { encoding: 'utf8' });
    expect(tested.stderr).toBe('');
    expect(tested.status).toBe(0);
  });
});
