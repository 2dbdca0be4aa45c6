import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClickHouseExport } from '../../../src/store/clickhouse/clickhouse-export.js';
import { ClickHouseReportStore } from '../../../src/store/clickhouse/clickhouse-report-store.js';
import type { ExportCursor } from '../../../src/store/export-cursor.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import type { ExportQuery, ExportedHit } from '../../../src/store/store.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { hitRow, LAST_HOUR_OF_JANUARY_MS } from '../../helpers/event-rows.js';

/**
 * The event export on ClickHouse (store/clickhouse/clickhouse-export.ts) answers as DuckDB's: the
 * same hits (one per event id and suite, though ClickHouse keeps a resent hit twice), in the same
 * order, cut into the same cursor pages, with the same columns and JSON values; and so does the
 * page-view report beside it (clickhouse-report-store.ts).
 */

/** The site's variable map: DuckDB's report tables read its columns. */
const VARIABLES = variableNames(SITE_VARIABLE_MAP);
const SUITE = 'mesuradev';
const RANGE = { from: '2026-01-30', to: '2026-02-01' };
const SECOND_MS = 1000;
/** Both engines load four segments: a few seconds on a busy machine. */
const EXPORT_TEST_TIMEOUT_MS = 60_000;

/** Hits over four days (one outside the range), two suites, ties on the receive time, nulls, odd text and clocks. */
function hits(): HitRow[] {
  const rows: HitRow[] = [];
  for (let i = 0; i < 60; i++) {
    const receivedAtMs = LAST_HOUR_OF_JANUARY_MS + (i - 40) * 20 * 60 * SECOND_MS + (i % 3 === 0 ? 0 : i);
    const day = new Date(receivedAtMs + 3_600_000).toISOString().slice(0, 10);
    rows.push(
      hitRow(`e-${String(i).padStart(3, '0')}`, {
        receivedAtMs: i % 7 === 0 ? LAST_HOUR_OF_JANUARY_MS : receivedAtMs,
        day: i % 7 === 0 ? '2026-01-31' : day,
        reportSuite: i % 11 === 0 ? 'altra' : SUITE,
        hitType: i % 4 === 0 ? 'link_o' : 'page_view',
        referrer: i % 2 === 0 ? null : `https://ref.example/${i}?a='b'`,
        isBot: i % 5 === 0,
        clientTimeMs: i % 9 === 0 ? null : i % 13 === 0 ? Date.UTC(1969, 11, 31, 23, 59, 59, 7) : receivedAtMs - 1500,
        variables: i % 6 === 0 ? {} : { section: `secció ${i % 4}`, pageType: 'article' },
        ...(i % 4 === 1 && { pageName: null }),
        ...(i % 4 === 2 && { pageName: 'Portada' }),
      }),
    );
  }
  return rows;
}

describeWithClickHouse('the event export on ClickHouse', () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let clickhouse: ClickHouseExport;

  beforeAll(async () => {
    const all = hits();
    // A hit sent again in a later segment (a retry after a restart), and the same beacon twice in one.
    const resent = all.filter((_, i) => i % 8 === 1).map((row) => ({ ...row, receivedAtMs: row.receivedAtMs + 30 * SECOND_MS }));
    const segments = [all.slice(0, 25), [...all.slice(25, 45), all[3]!, all[3]!], [...all.slice(45), ...resent], [all[50]!]];
    engines = await loadBothEngines({ segments, clickhouse: db(), variables: VARIABLES, timeZone: 'Europe/Madrid' });
    clickhouse = new ClickHouseExport({ transport: db().transport, database: db().location.database, variables: VARIABLES, chunkRows: 7 });
  }, EXPORT_TEST_TIMEOUT_MS);
  afterAll(() => engines?.close(), EXPORT_TEST_TIMEOUT_MS);

  const collect = async (chunks: AsyncIterable<ExportedHit[]>) => {
    const rows: ExportedHit[] = [];
    for await (const chunk of chunks) rows.push(...chunk);
    return rows;
  };

  it('has the same columns, in order', () => {
    expect(clickhouse.exportColumns()).toEqual(engines.duckdb.exportColumns());
  });

  it(
    'exports the same rows of the range once each, in the same order, with the same values',
    async () => {
      const query: ExportQuery = { ...RANGE, reportSuite: SUITE };
      const expected = await collect(engines.duckdb.exportHits(query));
      expect(expected.length).toBeGreaterThan(30);
      const [stored] = await db().transport.query<{ copies: string; events: string }>(`SELECT count() AS copies, uniqExact(event_id) AS events FROM ${db().location.database}.hits`);
      expect(Number(stored!.copies)).toBeGreaterThan(Number(stored!.events));
      expect(await collect(clickhouse.exportHits(query))).toEqual(expected);
      const narrow: ExportQuery = { from: '2026-01-31', to: '2026-01-31', reportSuite: 'altra' };
      expect(await collect(clickhouse.exportHits(narrow))).toEqual(await collect(engines.duckdb.exportHits(narrow)));
    },
    EXPORT_TEST_TIMEOUT_MS,
  );

  it(
    'cuts the same cursor pages, for every page size',
    async () => {
      for (const limit of [1, 7, 16, 1000]) {
        const pages = async (store: Pick<ClickHouseExport, 'exportHits' | 'exportPageEnd'>) => {
          const out: { rows: ExportedHit[]; end: { last: ExportCursor; more: boolean } | undefined }[] = [];
          let after: ExportCursor | undefined;
          for (;;) {
            const query: ExportQuery = { ...RANGE, reportSuite: SUITE, ...(after && { after }) };
            const end = await store.exportPageEnd(query, limit);
            out.push({ end, rows: await collect(store.exportHits(end ? { ...query, through: end.last } : query)) });
            if (!end?.more) return out;
            after = end.last;
          }
        };
        const expected = await pages(engines.duckdb);
        expect(expected.length).toBe(limit === 1000 ? 1 : Math.ceil(expected.flatMap((p) => p.rows).length / limit));
        expect(await pages(clickhouse)).toEqual(expected);
      }
    },
    EXPORT_TEST_TIMEOUT_MS,
  );

  it(
    'answers the page-view report as DuckDB does, by day, section and page name, with and without bots',
    async () => {
      const store = new ClickHouseReportStore({ transport: db().transport, database: db().location.database, variables: VARIABLES });
      expect(store.exportColumns()).toEqual(engines.duckdb.exportColumns());
      for (const by of ['day', 'section', 'pageName'] as const) {
        for (const includeBots of [false, true]) {
          const query = { ...RANGE, reportSuite: SUITE, by, includeBots };
          const expected = await engines.duckdb.pageViews(query);
          expect(expected.rows.length).toBeGreaterThan(1);
          expect(await store.pageViews(query)).toEqual(expected);
        }
      }
    },
    EXPORT_TEST_TIMEOUT_MS,
  );

  it('answers a range without hits with no rows and no page end', async () => {
    const query: ExportQuery = { from: '2027-01-01', to: '2027-01-02', reportSuite: SUITE };
    expect(await clickhouse.exportPageEnd(query, 10)).toBeUndefined();
    expect(await engines.duckdb.exportPageEnd(query, 10)).toBeUndefined();
    expect(await collect(clickhouse.exportHits(query))).toEqual([]);
  });
});
