import { describe, expect, it } from 'vitest';
import { rowPerSuite } from '../../src/ingest/pipeline.js';

describe('rowPerSuite: one row per report suite of a beacon or heartbeat', () => {
  it('gives the first row itself for one suite, none for no suite', () => {
    const first = { eventId: 'e1', reportSuite: 'mesuradev' };
    const rows = rowPerSuite(first, ['mesuradev']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toBe(first);
    expect(rowPerSuite(first, [])).toEqual([]);
  });

  it('gives each further suite a row of its own, equal but for its suite', () => {
    const first = { eventId: 'e1', day: '2026-11-23', reportSuite: 'mesuradev' };
    const rows = rowPerSuite(first, ['mesuradev', 'mesuraglobal', 'mesuraprod']);
    expect(rows.map((row) => row.reportSuite)).toEqual(['mesuradev', 'mesuraglobal', 'mesuraprod']);
    expect(new Set(rows).size).toBe(3);
    expect(rows[0]).toEqual({ eventId: 'e1', day: '2026-11-23', reportSuite: 'mesuradev' });
    for (const row of rows) expect(row).toEqual({ ...first, reportSuite: row.reportSuite });
    // The rows share no state: changing one leaves the others as they were.
    rows[1]!.eventId = 'changed';
    expect(rows[0]!.eventId).toBe('e1');
  });
});
