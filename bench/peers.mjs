// Mesura's browser weight beside the trackers a site would pick instead. Each peer's entry under
// bench/peers/entries/ (the minimal real usage of its npm packages for a job) is bundled and
// minified as packages/sdk/build.mjs bundles Mesura's own and gzipped at level 9, as
// bench/sdk-size.mjs measures the budgets. Prints per job Mesura's bundles, each peer's size and the
// ratio peer / Mesura, then where the bytes of each Mesura bundle go. Exits 1 when these settings no
// longer rebuild packages/sdk/dist byte for byte (a stale dist, or build.mjs changed without them).
// Bounded: about 20 bundles, no server, no network. Usage: npm run bench:peers (its arithmetic is
// tested by node --test bench/peers/).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleEntry, gzipBytes, terserOptionsOf } from './peers/bundle.mjs';
import { compareJobs, formatComparison } from './peers/compare.mjs';
import { JOBS, MESURA_BUNDLES, NOTES } from './peers/jobs.mjs';
import { formatBreakdown, moduleBytes } from './peers/module-breakdown.mjs';

const SDK_DIR = path.resolve(import.meta.dirname, '../packages/sdk');
const PEERS_DIR = path.resolve(import.meta.dirname, 'peers');

/** Gzipped bytes of each Mesura bundle as served, after checking that the bench's settings rebuild it. */
async function measureMesura() {
  const gzip = new Map();
  const stale = [];
  for (const { file, entry } of Object.values(MESURA_BUNDLES)) {
    const served = readFileSync(path.join(SDK_DIR, 'dist', file), 'utf8');
    const { code } = await bundleEntry(entry, { workingDir: SDK_DIR, terser: terserOptionsOf(file) });
    if (code !== served) stale.push(file);
    gzip.set(file, gzipBytes(served));
  }
  if (stale.length > 0) {
    console.error(`${stale.join(', ')}: bench/peers/bundle.mjs does not rebuild packages/sdk/dist as served;`);
    console.error('run npm run build first, or copy packages/sdk/build.mjs changes into bench/peers/bundle.mjs');
    process.exit(1);
  }
  return gzip;
}

/** Gzipped bytes of each peer entry the jobs name, bundled once each. */
async function measurePeers() {
  const entries = new Set(JOBS.flatMap((job) => job.peers.filter((peer) => peer.entry).map((peer) => peer.entry)));
  const gzip = new Map();
  for (const entry of entries) {
    const { code } = await bundleEntry(`./entries/${entry}`, { workingDir: PEERS_DIR });
    gzip.set(entry, gzipBytes(code));
  }
  return gzip;
}

const versionOf = (name) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../node_modules', name, 'package.json'), 'utf8')).version;
const PEER_PACKAGES = [
  '@snowplow/browser-tracker',
  '@snowplow/browser-plugin-link-click-tracking',
  '@snowplow/browser-plugin-media',
  'posthog-js',
  '@plausible-analytics/tracker',
  '@growthbook/growthbook',
];

const mesuraGzip = await measureMesura();
const peerGzip = await measurePeers();
console.log(`Gzip (level 9) of what a page downloads for each job, bundled by esbuild and minified by terser as packages/sdk/build.mjs does.`);
console.log(`Peers: ${PEER_PACKAGES.map((name) => `${name}@${versionOf(name)}`).join(', ')}.\n`);
for (const line of formatComparison(compareJobs(JOBS, { mesuraGzip, peerGzip }))) console.log(line);
console.log(`\n${NOTES.map((note) => `- ${note}`).join('\n')}`);

console.log(`\nWhere Mesura's bytes go (shares of esbuild's minified output; gzip estimated in proportion):\n`);
for (const { file, entry } of Object.values(MESURA_BUNDLES)) {
  for (const line of formatBreakdown(file, mesuraGzip.get(file), await moduleBytes(entry, SDK_DIR))) console.log(line);
}
