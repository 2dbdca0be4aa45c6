// The comparison's arithmetic and the breakdown's attribution, on made-up sizes (no bundling).
// Run: node --test bench/peers/
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareJobs, formatComparison, kb } from './compare.mjs';
import { JOBS, MESURA_BUNDLES } from './jobs.mjs';
import { byPackage, packageOf } from './module-breakdown.mjs';

const head = { file: 'head.js' };
const sdk = { file: 'sdk.js' };
const JOB = {
  name: 'page views',
  mesura: [head, sdk],
  peers: [
    { name: 'Peer', entry: 'peer.js' },
    { name: 'Other', none: 'no media tracking' },
  ],
};

describe('compareJobs', () => {
  it('adds up the gzip bytes of every Mesura bundle a job names and divides each peer by them', () => {
    const mesuraGzip = new Map([
      ['head.js', 1000],
      ['sdk.js', 3000],
      ['unused.js', 99_999],
    ]);
    const [row] = compareJobs([JOB], { mesuraGzip, peerGzip: new Map([['peer.js', 6000]]) });
    assert.deepEqual(row, {
      job: 'page views',
      files: ['head.js', 'sdk.js'],
      mesura: 4000,
      peers: [
        { name: 'Peer', gzip: 6000, ratio: 1.5 },
        { name: 'Other', none: 'no media tracking' },
      ],
    });
  });

  it('refuses a job whose bundle was not measured rather than counting it as zero', () => {
    assert.throws(() => compareJobs([JOB], { mesuraGzip: new Map([['head.js', 1000]]), peerGzip: new Map([['peer.js', 1]]) }), /no size measured for sdk\.js/);
  });
});

describe('formatComparison', () => {
  it('prints KiB with two decimals, the ratio and the reason a peer has no figure', () => {
    const lines = formatComparison([
      {
        job: 'j',
        files: ['a.js', 'b.js'],
        mesura: 2048,
        peers: [
          { name: 'P', gzip: 512, ratio: 0.25 },
          { name: 'Q', none: 'no media tracking' },
        ],
      },
    ]);
    assert.equal(lines[0], 'j');
    assert.match(lines[1], /^ {2}Mesura +2\.00 KB {3}\(a\.js \+ b\.js\)$/);
    assert.match(lines[2], /^ {2}P +0\.50 KB {3}0\.25× Mesura$/);
    assert.match(lines[3], /^ {2}Q +— {3}\(no media tracking\)$/);
    assert.equal(kb(1536), '1.50 KB');
  });
});

describe('the jobs', () => {
  it('name only Mesura bundles that packages/sdk builds and peer entries that exist', async () => {
    const { existsSync } = await import('node:fs');
    const bundles = new Set(Object.values(MESURA_BUNDLES));
    for (const job of JOBS) {
      for (const bundle of job.mesura) assert.ok(bundles.has(bundle), `${job.name}: ${bundle.file}`);
      for (const peer of job.peers.filter((p) => p.entry)) assert.ok(existsSync(new URL(`./entries/${peer.entry}`, import.meta.url)), peer.entry);
    }
  });
});

describe('packageOf', () => {
  it('names workspace sources, the SDK own sources and npm packages, scoped or not', () => {
    assert.equal(packageOf('../tags/src/core/run-rule.ts'), '@mesura/tags');
    assert.equal(packageOf('src/start.ts'), '@mesura/sdk');
    assert.equal(packageOf('../../node_modules/dompurify/dist/purify.es.mjs'), 'dompurify');
    assert.equal(packageOf('../../node_modules/@growthbook/growthbook/dist/esm/core.mjs'), '@growthbook/growthbook');
  });

  it('adds the modules of a package together, largest package first', () => {
    assert.deepEqual(
      byPackage([
        ['../tags/src/a.ts', 10],
        ['src/b.ts', 30],
        ['../tags/src/c.ts', 25],
      ]),
      [
        ['@mesura/tags', 35],
        ['@mesura/sdk', 30],
      ],
    );
  });
});
