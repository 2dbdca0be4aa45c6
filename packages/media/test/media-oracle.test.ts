/**
 * The reference library's 38 recorded traces (shared/reference/media-traces, beside the
 * repository): every scenario replayed through this tracker must match its trace by the traces'
 * own compare.mjs, run as the README there says, with --strict-values: a stable field's differing
 * value fails too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLines, runScenario } from '../src/replay/run-scenario.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const TRACES = path.resolve(REPO_ROOT, '../shared/reference/media-traces');
/** Replaying the three 30-minute idle scenarios takes a few seconds on fake time. */
const REPLAY_TIMEOUT_MS = 120_000;

describe('the reference traces (shared/reference/media-traces)', () => {
  it(
    'replays every scenario as the reference library sent it: compare.mjs --strict-values prints 38/38',
    async () => {
      const scenarios = readdirSync(path.join(TRACES, 'scenarios')).filter((name) => name.endsWith('.json'));
      const candidates = mkdtempSync(path.join(tmpdir(), 'mesura-media-oracle-'));
      for (const name of scenarios) {
        const scenario: unknown = JSON.parse(readFileSync(path.join(TRACES, 'scenarios', name), 'utf8'));
        writeFileSync(path.join(candidates, name.replace(/\.json$/, '.jsonl')), formatLines(await runScenario(scenario)));
      }
      const compare = spawnSync(process.execPath, [path.join(TRACES, 'compare.mjs'), '--quiet', '--strict-values', '--dir', path.join(TRACES, 'traces'), candidates], {
        encoding: 'utf8',
      });
      const lastLine = compare.stdout.trim().split('\n').at(-1);
      expect(lastLine, compare.stdout).toBe(`media oracle: ${scenarios.length}/${scenarios.length} scenarios match`);
      expect(scenarios.length).toBe(38);
      expect(compare.status).toBe(0);
    },
    REPLAY_TIMEOUT_MS,
  );
});
