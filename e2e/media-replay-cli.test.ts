/**
 * `npx mesura-media-replay <scenario.json>` in the checkout as a fresh clone has it after
 * `npm install && npm run build` (CI runs this suite on a clean clone): npm linked the bin at
 * install time, and it replays a scenario into heartbeat lines.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mediaScenarioFile } from '@mesura/test-utils';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** A scenario file, named by its path from the repository root. */
const SCENARIO = path.relative(ROOT, mediaScenarioFile('issue-example.json'));

describe('npx mesura-media-replay', () => {
  it('replays a scenario from the repository root and prints its heartbeats, one JSON object a line', async () => {
    const { stdout } = await promisify(execFile)('npx', ['--no-install', 'mesura-media-replay', SCENARIO], { cwd: ROOT });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; params?: Record<string, string> });
    const heartbeats = lines.filter((line) => line.kind === 'heartbeat');
    expect(heartbeats.length).toBeGreaterThan(0);
    expect(heartbeats[0]!.params?.['s:event:type']).toBe('start');
  });

  it('answers with the usage line and status 2 without a scenario', async () => {
    const run = promisify(execFile)('npx', ['--no-install', 'mesura-media-replay'], { cwd: ROOT });
    // npm may add warnings of its own to stderr; the CLI's line is there, alone on its line.
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/^usage: mesura-media-replay <scenario\.json>$/m) });
  });
});
