import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideViewingQuery } from '../../src/store/queries/media-guide-viewing.js';

const at = (time: string) => Date.parse(`2026-03-02T${time}:00Z`);

/** Three broadcasts of one channel: the first over three hour spans, the others meeting it on the half hour and the hour. */
const GUIDE = [
  { channel: 'mesura-tv', title: 'Matí', start_ms: at('10:00'), end_ms: at('12:30') },
  { channel: 'mesura-tv', title: 'Migdia', start_ms: at('12:30'), end_ms: at('13:00') },
  { channel: 'mesura-tv', title: 'Tarda', start_ms: at('13:00'), end_ms: at('15:00') },
];

/** Minute → the broadcast on air then (none after the last, nor on a channel without a guide). */
const MINUTES: [string, string, string | null][] = [
  ['mesura-tv', '10:00', 'Matí'],
  ['mesura-tv', '11:00', 'Matí'],
  ['mesura-tv', '12:29', 'Matí'],
  ['mesura-tv', '12:30', 'Migdia'],
  ['mesura-tv', '12:59', 'Migdia'],
  ['mesura-tv', '13:00', 'Tarda'],
  ['mesura-tv', '14:59', 'Tarda'],
  ['mesura-tv', '15:00', null],
  ['mesura-radio', '11:00', null],
];

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  // The columns of store/duckdb/live-minutes-table.ts the query reads.
  await connection.run(`CREATE TABLE live_minutes (report_suite VARCHAR, day DATE, minute TIMESTAMP_MS, channel VARCHAR,
    programme VARCHAR, device_class VARCHAR, visitor_key UBIGINT, session_key UBIGINT, counted_ms BIGINT)`);
  for (const [i, [channel, time]] of MINUTES.entries()) {
    await connection.run(
      `INSERT INTO live_minutes VALUES ('mesuradev', DATE '2026-03-02', CAST(epoch_ms(CAST($ms AS BIGINT)) AS TIMESTAMP_MS), $channel, NULL, 'desktop', $visitor, $visitor, 60000)`,
      {
        ms: String(at(time)),
        channel,
        visitor: String(i + 1),
      },
    );
  }
});

afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

describe('live viewing by guide broadcast (media-guide-viewing.ts)', () => {
  it('gives each minute to the broadcast on air then, from its first minute up to its end, over hour spans', async () => {
    const values = { suite: 'mesuradev', from: '2026-03-02', to: '2026-03-02', guide: JSON.stringify(GUIDE) };
    const rows = (await connection.runAndReadAll(guideViewingQuery('').duckdb, values)).getRowObjectsJson();
    const viewers = Object.fromEntries(rows.map((row) => [String(row.key), Number(row.viewers)]));
    const expected: Record<string, number> = {};
    for (const [, , title] of MINUTES) if (title) expected[`mesura-tv|${title}`] = (expected[`mesura-tv|${title}`] ?? 0) + 1;
    expect(viewers).toEqual({ ...expected, null: 7 });
  });
});
