/**
 * page_engagement_cells (duckdb/page-engagement-cells.ts): the engagement hits' sums per day and
 * page, kept as segments load, made again when a visitor is erased, and given to a folder of
 * schema step 7 by step 8 (events-file-migrations.ts). Whatever happened, the cells hold exactly
 * what page_engagements adds up to per key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ENGAGED_MS_KEY, SCROLL_PERCENT_KEY, SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { withDuckDbFile } from '../../helpers/data-folder-server.js';
import { hitRow } from '../../helpers/event-rows.js';

const MINUTE_MS = 60_000;
/** 10:00 in Madrid on two days. */
const DAYS = [Date.UTC(2026, 10, 23, 9, 0), Date.UTC(2026, 10, 24, 9, 0)] as const;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-engagement-cells-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `visitor`'s engagement hit on `page` of `section` at `atMs`. */
function engagement(eventId: string, visitor: string, atMs: number, page: string, section: string, engagedMs: number, scrollPercent: number): HitRow {
  return hitRow(eventId, {
    hitType: 'page_engagement',
    receivedAtMs: atMs,
    clientTimeMs: atMs,
    day: new Date(atMs).toISOString().slice(0, 10),
    visitorId: visitor,
    pageName: page,
    url: `http://localhost:8080/${page}/`,
    events: '[]',
    contextData: JSON.stringify({ [ENGAGED_MS_KEY]: String(engagedMs), [SCROLL_PERCENT_KEY]: String(scrollPercent) }),
    variables: { section, contentTitle: `Títol ${page}` },
  });
}

const [day1, day2] = DAYS;
const FIRST = [
  engagement('a1', 'A', day1, 'a', 'noticies', 30_000, 50),
  engagement('b1', 'B', day1 + MINUTE_MS, 'a', 'noticies', 10_000, 20),
  engagement('b2', 'B', day1 + 2 * MINUTE_MS, 'b', 'esports', 5_000, 100),
];
/** A second segment: a hit of the first sent again (counted once), more on day 1 and one on day 2. */
const SECOND = [FIRST[0] as HitRow, engagement('c1', 'C', day1 + 3 * MINUTE_MS, 'a', 'noticies', 2_000, 10), engagement('a2', 'A', day2, 'a', 'noticies', 7_000, 70)];

const CELLS = `SELECT strftime(day, '%Y-%m-%d') AS day, url, section, min(title) AS title, sum(engaged_ms) AS engaged_ms, sum(pages) AS pages,
  sum(scroll_pct) AS scroll_pct FROM page_engagement_cells GROUP BY ALL ORDER BY ALL`;
const FROM_ROWS = `SELECT strftime(day, '%Y-%m-%d') AS day, url, section, min(title) AS title, sum(engaged_ms) AS engaged_ms, count(*) AS pages,
  sum(scroll_pct) AS scroll_pct FROM page_engagements GROUP BY ALL ORDER BY ALL`;

async function storeSegments(...segments: HitRow[][]): Promise<void> {
  const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
  for (const [n, rows] of segments.entries()) await store.storeBatch(rowBatchOf(`segment-${n}`, rows), { skipStored: false });
  await store.close();
}

const readBoth = () =>
  withDuckDbFile(path.join(dir, 'mesura.duckdb'), async (c) => ({
    cells: (await c.runAndReadAll(CELLS)).getRowObjectsJson(),
    rows: (await c.runAndReadAll(FROM_ROWS)).getRowObjectsJson(),
  }));

it('sums each day and page as its engagement hits do, a hit sent again once', async () => {
  await storeSegments(FIRST, SECOND);
  const { cells, rows } = await readBoth();
  expect(cells).toEqual(rows);
  expect(cells).toEqual([
    { day: '2026-11-23', url: 'http://localhost:8080/a/', section: 'noticies', title: 'Títol a', engaged_ms: '42000', pages: '3', scroll_pct: '80' },
    { day: '2026-11-23', url: 'http://localhost:8080/b/', section: 'esports', title: 'Títol b', engaged_ms: '5000', pages: '1', scroll_pct: '100' },
    { day: '2026-11-24', url: 'http://localhost:8080/a/', section: 'noticies', title: 'Títol a', engaged_ms: '7000', pages: '1', scroll_pct: '70' },
  ]);
});

it('makes an erased visitor’s days again without their engagement', async () => {
  await storeSegments(FIRST, SECOND);
  const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
  await store.eraseVisitor('B');
  await store.close();
  const { cells, rows } = await readBoth();
  expect(cells).toEqual(rows);
  expect(cells.map((cell) => [cell.day, cell.url, cell.engaged_ms, cell.pages])).toEqual([
    ['2026-11-23', 'http://localhost:8080/a/', '32000', '2'],
    ['2026-11-24', 'http://localhost:8080/a/', '7000', '1'],
  ]);
});

it('gives a folder of schema step 7 the cells of every stored day (step 8)', async () => {
  await storeSegments(FIRST, SECOND);
  await withDuckDbFile(path.join(dir, 'mesura.duckdb'), async (c) => {
    for (const part of ['page_engagement_cells_merged', 'page_engagement_cells_recent']) await c.run(`DELETE FROM ${part}`);
    await c.run('DELETE FROM schema_version WHERE version >= 8');
  });
  const log: string[] = [];
  const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP), undefined, undefined, { info: (line) => log.push(line), warn: (line) => log.push(line) });
  await reopened.close();
  expect(log).toContain('mesura.duckdb: schema migration 8 applied (page engagement: engagement hits are rolled up per day and page for the engaged-time rankings)');
  const { cells, rows } = await readBoth();
  expect(cells).toHaveLength(3);
  expect(cells).toEqual(rows);
});
