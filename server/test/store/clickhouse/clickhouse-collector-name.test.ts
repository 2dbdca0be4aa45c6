import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLLECTOR_NAME_FILE, collectorName } from '../../../src/store/clickhouse/collector-name.js';

describe('collectorName', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mesura-collector-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a name for a new log and gives the same one on every later start', () => {
    const first = collectorName(path.join(dir, 'log'));
    expect(first).toMatch(/^c-[0-9a-f]{12}$/);
    expect(collectorName(path.join(dir, 'log'))).toBe(first);
    expect(readFileSync(path.join(dir, 'log', COLLECTOR_NAME_FILE), 'utf8')).toBe(`${first}\n`);
  });

  it('gives two logs two names', () => {
    expect(collectorName(path.join(dir, 'a'))).not.toBe(collectorName(path.join(dir, 'b')));
  });

  it('takes a configured name and keeps it for the next start', () => {
    expect(collectorName(dir, 'collector-1')).toBe('collector-1');
    expect(collectorName(dir)).toBe('collector-1');
    expect(() => collectorName(dir, 'a/b')).toThrow("collector name 'a/b' must be 1 to 64 letters, digits or _.-");
  });

  it('refuses a name file that holds no name, rather than making a new name for a drained log', () => {
    writeFileSync(path.join(dir, COLLECTOR_NAME_FILE), 'x y\n');
    expect(() => collectorName(dir)).toThrow('holds no collector name; delete it only if this log was never drained');
  });
});
