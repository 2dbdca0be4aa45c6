#!/usr/bin/env node
/**
 * Makes the data-folder fixture of an earlier release that server/test/store/data-folder-upgrade.test.ts
 * upgrades: the release's sources from git (`git archive`, nothing checked out here), this
 * checkout's node_modules linked in (npm workspaces link packages by relative paths, so they point
 * at the release's own packages), its server built and started on a loopback port of its own, fed
 * through its real collector, heartbeat and account routes, stopped with SIGTERM, and its data
 * folder packed with what was sent.
 *
 *   node scripts/upgrade-fixture/make-fixture.mjs [commit] [out.tar.gz]
 *
 * The defaults make server/test/fixtures/data-folder-62dafaf.tar.gz from 62dafaf (2026-11-24, the
 * last release before the report tables and the schema version) and its manifest beside it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO = path.resolve(import.meta.dirname, '../..');
const DEFAULT_COMMIT = '62dafaf9bc6b975ec05dfa442c7fec0e230a6035';
const commit = process.argv[2] ?? DEFAULT_COMMIT;
const short = commit.slice(0, 7);
const out = path.resolve(process.argv[3] ?? path.join(REPO, `server/test/fixtures/data-folder-${short}.tar.gz`));

/** What is sent: small enough to keep the fixture far under 1 MB, enough to fill every report table. */
const VISITORS = 40;
const PAGE_VIEWS_PER_VISITOR = 8;
const LINKS_PER_VISITOR = 3;
const MEDIA_SESSIONS = 12;
const ADMIN = { email: 'admin@fixture.local', password: 'fixture-password-1234' };
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const work = mkdtempSync(path.join(tmpdir(), `mesura-release-${short}-`));
const dataDir = path.join(work, 'data');
let server;
try {
  console.log(`sources of ${commit} in ${work}`);
  execFileSync('sh', ['-c', `git -C "${REPO}" archive ${commit} | tar -x -C "${work}"`], { stdio: 'inherit' });
  // Hard links: no copy of 400 MB, and the release's build writes only under its own packages.
  execFileSync('cp', ['-al', path.join(REPO, 'node_modules'), path.join(work, 'node_modules')]);
  console.log('building its server');
  execFileSync('npx', ['tsc', '-b', 'server', 'packages/media'], { cwd: work, stdio: 'inherit' });
  const port = await freePort();
  server = spawn('node', ['server/dist/main.js'], {
    cwd: work,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      MESURA_HOST: '127.0.0.1',
      MESURA_DATA_DIR: dataDir,
      MESURA_LOG_LEVEL: 'warn',
      MESURA_ADMIN_EMAIL: ADMIN.email,
      MESURA_ADMIN_PASSWORD: ADMIN.password,
      MESURA_VISITOR_BURST_HITS: '1000000',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(`${base}/healthz`);
  const protocol = await import(pathToFileURL(path.join(work, 'packages/protocol/dist/index.js')).href);
  const sent = await sendHits(base, protocol);
  sent.heartbeats = await sendHeartbeats(base, work);
  const token = await makeToken(base);
  const createdAtMs = Date.now();
  await stop(server);
  server = undefined;
  execFileSync('tar', ['-czf', out, '-C', work, '--exclude', 'data/staging', 'data']);
  const manifest = { commit, createdAtMs, admin: ADMIN, token, sent };
  writeFileSync(out.replace(/\.tar\.gz$/, '.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${out}: ${statSync(out).size} bytes; sent ${JSON.stringify(sent)}`);
} finally {
  if (server) await stop(server);
  rmSync(work, { recursive: true, force: true });
}

async function sendHits(base, { encodeBeacon }) {
  let pageViews = 0;
  let links = 0;
  for (let v = 0; v < VISITORS; v += 1) {
    const fid = `${(0x1f65fb944afa0000 + v).toString(16).toUpperCase().slice(0, 16)}-25FBFAF16BF6E758`;
    for (let p = 0; p < PAGE_VIEWS_PER_VISITOR + LINKS_PER_VISITOR; p += 1) {
      const isLink = p >= PAGE_VIEWS_PER_VISITOR;
      const article = 1001 + ((v + p) % 7);
      const hit = {
        eventId: `fixture-${v}-${p}`,
        clientTime: { day: 24, month0: 10, year: 2026, hour: 9, minute: p, second: v % 60, weekday: 2, tzOffsetMin: -60 },
        visitor: { fid },
        pageName: `mesura:noticia:${article}`,
        url: `http://localhost:8080/noticia/${article}/`,
        channel: 'noticies',
        events: isLink ? [{ id: 3 }] : [{ id: 1 }],
        props: { 1: 'noticies' },
        eVars: { 1: 'noticies', 8: 'noticies' },
        hierarchies: {},
        lists: {},
        contextData: {},
        browser: {},
        ...(isLink && { linkName: `enllaç ${p}`, linkUrl: `http://localhost:8080/tema/${p}/` }),
      };
      const url = encodeBeacon({ reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: String(10 ** 13 + v * 100 + p) }, hit, isLink ? 'link_o' : 'page_view');
      await expectOk(await fetch(`${base}${url}`, { headers: { 'user-agent': BROWSER_UA } }), url);
      if (isLink) links += 1;
      else pageViews += 1;
    }
  }
  return { pageViews, links };
}

/** The media tracker's own replay of a scenario, once per session with its session id made unique. */
async function sendHeartbeats(base, work) {
  const { runScenario } = await import(pathToFileURL(path.join(work, 'packages/media/dist/replay/run-scenario.js')).href);
  const scenario = JSON.parse(execFileSync('cat', [path.join(work, 'packages/media/test/scenarios/issue-example.json')], { encoding: 'utf8' }));
  const lines = (await runScenario(scenario)).filter((line) => line.kind === 'heartbeat');
  let heartbeats = 0;
  for (let s = 0; s < MEDIA_SESSIONS; s += 1) {
    for (const line of lines) {
      const params = { ...line.params, 's:event:sid': `${line.params['s:event:sid']}${s}`, 's:sc:rsid': 'mesuradev' };
      const query = Object.entries(params)
        .map(([k, v]) => `${encodeURIComponent(k).replaceAll('%3A', ':')}=${encodeURIComponent(v)}`)
        .join('&');
      await expectOk(await fetch(`${base}/hb/?${query}`, { headers: { 'user-agent': BROWSER_UA } }), 'heartbeat');
      heartbeats += 1;
    }
  }
  return heartbeats;
}

async function makeToken(base) {
  const signIn = await fetch(`${base}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  await expectOk(signIn, 'sign-in');
  const cookie = signIn.headers.get('set-cookie').split(';')[0];
  const made = await fetch(`${base}/api/me/tokens`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'fixture token' }),
  });
  await expectOk(made, 'token');
  return (await made.json()).token;
}

async function expectOk(response, what) {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
}

async function waitUntilAnswers(url) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in 60 s`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
