/**
 * page_view_keys and page_urls (store/duckdb/page-view-keys.ts) hold what page_views holds of
 * each page view for goals, funnel steps and segments, as loads add to it, and answer as the
 * row-by-row texts over page_views do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { hitsSql, pageMatch } from '../../../src/store/queries/hit-match.js';
import { plainPageView } from '../../helpers/event-rows.js';
import { type DuckDbStore, loadRows, readingStoreFile } from '../../helpers/duckdb-store-file.js';

const MINUTE_MS = 60_000;
/** 23:40 UTC on 2026-11-23: a visit begun then goes on past midnight. */
const LATE = Date.UTC(2026, 10, 23, 23, 40);
const SITE = 'https://mesura.cat';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-page-keys-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function pageView(eventId: string, visitor: string, atMs: number, url: string | null): HitRow {
  return plainPageView(eventId, visitor, atMs, url);
}

/** page_views as page_view_keys holds them, in one order. */
const FROM_PAGE_VIEWS = `SELECT report_suite, day, is_bot, visitor_key, visit_key, epoch_ms(received_at) AS t, hash(url) AS url_key FROM page_views ORDER BY t, visitor_key`;
const KEPT = `SELECT report_suite, day, is_bot, visitor_key, visit_key, t, url_key FROM page_view_keys ORDER BY t, visitor_key`;

/** Two loads: the second continues A's open visit past midnight and starts B's, with an address seen before and one not. */
async function twoLoads(store: DuckDbStore) {
  await loadRows(store, [pageView('a1', 'A', LATE, `${SITE}/noticies/1/`), pageView('a2', 'A', LATE + 10 * MINUTE_MS, `${SITE}/esports/1/`)]);
  await loadRows(store, [
    pageView('a3', 'A', LATE + 25 * MINUTE_MS, `${SITE}/noticies/1/`),
    pageView('b1', 'B', LATE + 30 * MINUTE_MS, `${SITE}/esports/2/`),
    pageView('b2', 'B', LATE + 31 * MINUTE_MS, null),
  ]);
}

describe('page view keys kept at load', () => {
  it('holds every page view with its visit, also one continued past midnight by a later load, and each address once', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await twoLoads(store);
    await store.close();
    await readingStoreFile(dir, async (query) => {
      const kept = await query(KEPT);
      expect(kept).toHaveLength(5);
      expect(kept).toEqual(await query(FROM_PAGE_VIEWS));
      // A's three views are one visit over two days.
      const a = kept.filter((row) => row.visitor_key === kept[0]!.visitor_key);
      expect(new Set(a.map((row) => row.visit_key)).size).toBe(1);
      expect(new Set(a.map((row) => row.day))).toEqual(new Set(['2026-11-23', '2026-11-24']));
      const urls = await query('SELECT url_key, url FROM page_urls ORDER BY url NULLS LAST');
      expect(urls.map((row) => row.url)).toEqual([`${SITE}/esports/1/`, `${SITE}/esports/2/`, `${SITE}/noticies/1/`, null]);
      expect(urls).toEqual(await query('SELECT DISTINCT hash(url) AS url_key, url FROM page_views ORDER BY url NULLS LAST'));
    });
  });

  it('answers a page goal, step or segment as page_views does, for an address and a pattern, on each day', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await twoLoads(store);
    await store.close();
    await readingStoreFile(dir, async (query) => {
      const none = { duckdb: '', clickhouse: '' };
      for (const match of [pageMatch(`${SITE}/noticies/1/`, 'exact'), pageMatch('*/esports/*', 'pattern'), pageMatch('*', 'pattern')]) {
        for (const day of ['2026-11-23', '2026-11-24']) {
          const range = { suite: 'mesuradev', from: day, to: day };
          const sorted = (sql: string) => `SELECT * FROM (${sql}) ORDER BY t, visitor_key`;
          const fromKeys = await query(sorted(hitsSql(match, none, ['visit_key'], true).duckdb), range);
          const fromRows = await query(sorted(hitsSql(match, none, ['visit_key'], false).duckdb), range);
          expect(hitsSql(match, none, ['visit_key'], true).duckdb).toContain('page_view_keys');
          expect(fromKeys).toEqual(fromRows);
        }
      }
      const all = { suite: 'mesuradev', from: '2026-11-23', to: '2026-11-24' };
      expect(await query(`SELECT count(*) AS n FROM (${hitsSql(pageMatch('*', 'pattern'), none, [], true).duckdb})`, all)).toEqual([{ n: '4' }]);
    });
  });

  it('reads page_views when a filter names another column', () => {
    const filtered = { duckdb: ' AND device = $f0', clickhouse: ' AND device = $f0' };
    expect(hitsSql(pageMatch('*', 'pattern'), filtered, [], false).duckdb).toContain('FROM page_views');
  });

  it('forgets an erased visitor, and the addresses only they viewed', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await twoLoads(store);
    await store.eraseVisitor('A');
    await store.close();
    await readingStoreFile(dir, async (query) => {
      expect(await query(KEPT)).toEqual(await query(FROM_PAGE_VIEWS));
      expect(await query('SELECT count(*) AS n FROM page_view_keys')).toEqual([{ n: '2' }]);
      // The addresses only A viewed go too.
      expect((await query('SELECT url FROM page_urls ORDER BY url NULLS LAST')).map((row) => row.url)).toEqual([`${SITE}/esports/2/`, null]);
    });
  });
});
