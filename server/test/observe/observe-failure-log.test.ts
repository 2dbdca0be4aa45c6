import { describe, expect, it } from 'vitest';
import { FAILURE_SUMMARY_INTERVAL_MS, createFailureLog } from '../../src/observe/failure-log.js';

function recordingSink() {
  const lines: { level: 'error' | 'info'; message: string; fields: Record<string, unknown> }[] = [];
  return {
    lines,
    sink: {
      error: (fields: Record<string, unknown>, message: string) => void lines.push({ level: 'error', message, fields }),
      info: (fields: Record<string, unknown>, message: string) => void lines.push({ level: 'info', message, fields }),
    },
  };
}

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write\n    at async FileHandle.write (node:internal/fs/promises:1)'), { code: 'ENOSPC' });
const SOURCE = 'loading the ingest log into the store failed; will retry';

describe('the log of repeated failures', () => {
  it('writes a failure once, as one line without its stack, and counts its repeats', () => {
    let now = 0;
    const { lines, sink } = recordingSink();
    const log = createFailureLog(sink, () => now);
    // A load round every 5 s for 50 s: ten failures, one line.
    for (let round = 0; round < 10; round += 1, now += 5000) log.failed(SOURCE, enospc());
    expect(lines).toEqual([{ level: 'error', message: `${SOURCE}: ENOSPC: no space left on device, write`, fields: { failure: 'ENOSPC: no space left on device, write', code: 'ENOSPC' } }]);
    expect(lines[0]!.message).not.toContain('\n');
  });

  it('writes the count of repeats once a minute while the failure goes on', () => {
    let now = 0;
    const { lines, sink } = recordingSink();
    const log = createFailureLog(sink, () => now);
    for (; now <= FAILURE_SUMMARY_INTERVAL_MS; now += 5000) log.failed(SOURCE, enospc());
    expect(lines).toHaveLength(2);
    expect(lines[1]!.message).toBe(`${SOURCE}: ENOSPC: no space left on device, write; 12 more since 1970-01-01T00:00:00.000Z`);
    expect(lines[1]!.fields).toMatchObject({ repeats: 12, code: 'ENOSPC' });
  });

  it('writes the count of the old failure and the new one when another takes its place', () => {
    let now = 0;
    const { lines, sink } = recordingSink();
    const log = createFailureLog(sink, () => now);
    log.failed(SOURCE, enospc());
    now += 5000;
    log.failed(SOURCE, enospc());
    now += 5000;
    log.failed(SOURCE, new Error('IO Error: Could not read from file'));
    expect(lines.map((line) => line.message)).toEqual([
      `${SOURCE}: ENOSPC: no space left on device, write`,
      `${SOURCE}: ENOSPC: no space left on device, write; 1 more since 1970-01-01T00:00:00.000Z`,
      `${SOURCE}: IO Error: Could not read from file`,
    ]);
  });

  it('says when the source works again, with the repeats still uncounted', () => {
    let now = 0;
    const { lines, sink } = recordingSink();
    const log = createFailureLog(sink, () => now);
    log.failed(SOURCE, enospc());
    log.failed(SOURCE, enospc());
    now += 5000;
    log.recovered(SOURCE);
    log.recovered(SOURCE);
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['error', `${SOURCE}: ENOSPC: no space left on device, write`],
      ['error', `${SOURCE}: ENOSPC: no space left on device, write; 1 more since 1970-01-01T00:00:00.000Z`],
      ['info', `${SOURCE}: works again after 2 failures`],
    ]);
  });

  it('keeps failures of different sources apart', () => {
    const { lines, sink } = recordingSink();
    const log = createFailureLog(sink, () => 0);
    log.failed('a', enospc());
    log.failed('b', enospc());
    log.failed('a', enospc());
    expect(lines.map((line) => line.message)).toEqual(['a: ENOSPC: no space left on device, write', 'b: ENOSPC: no space left on device, write']);
  });
});
