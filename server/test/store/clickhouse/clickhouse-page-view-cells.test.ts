/**
 * The page-view cells ClickHouse keeps itself (store/clickhouse/page-view-cells.ts): a data set
 * stored before the view existed is filled once at start, and through a batch written again, a
 * second collector's copies, an erasure (also one stopped midway) and retention the cells answer exactly what the read-time
 * page views (report-facts-sql.ts) answer and what the stored hits say, page views one per event id.
 * The page rankings' visitors and labels read the cells when no filter is asked, and answer as
 * the read-time text does.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { pagesRankingSpec } from '../../../src/store/queries/page-rankings.js';
import { rankingLabelsQuery, rankingVisitorsQuery } from '../../../src/store/queries/ranking.js';
import type { RankingSpec } from '../../../src/store/queries/ranking.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { createBatchesTableSql } from '../../../src/store/clickhouse/batches-table.js';
import { bindValues } from '../../../src/store/clickhouse/bind-values.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { ClickHouseRetention } from '../../../src/store/clickhouse/clickhouse-retention.js';
import { createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { ClickHouseVisitorData } from '../../../src/store/clickhouse/clickhouse-visitor-data.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { createTableSql } from '../../../src/store/clickhouse/event-table.js';
import { EventBatchWriter } from '../../../src/store/clickhouse/event-batch-writer.js';
import { LINK_CELLS_TABLE } from '../../../src/store/clickhouse/link-cells.js';
import { PAGE_VIEW_CELLS, PAGE_VIEW_CELLS_TABLE } from '../../../src/store/clickhouse/page-view-cells.js';
import { createCellsTableSql, createCellsViewSql, remakeChangedCells, ROLLUP_FILLS_TABLE, type CellsRollup } from '../../../src/store/clickhouse/rollup-cells.js';
import { CLICKHOUSE_SCHEMA_VERSION_TABLE, clickHouseSchemaVersion } from '../../../src/store/clickhouse/schema-version-table.js';
import { CLICKHOUSE_IN_RANGE, CLICKHOUSE_LINK_HITS, CLICKHOUSE_PAGE_HITS } from '../../../src/store/clickhouse/report-facts-sql.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { hitRow } from '../../helpers/event-rows.js';

const SUITE = 'mesuradev';
const RANGE = { from: '2025-12-01', to: '2026-02-28' };
const CUTOFF = { day: '2026-02-10', atMs: Date.UTC(2026, 1, 9, 23) };

/** A page view of `visitor` on `day` (at `minute` past 10:00 UTC) of a page of `section`. */
function pageView(eventId: string, visitor: string, day: string, minute: number, section: string | null, page: string, extra: Partial<HitRow> = {}): HitRow {
  const at = Date.parse(`${day}T10:00:00Z`) + minute * 60_000;
  const variables: Record<string, string> = { programme: `prog-${page}`, programmeName: `Programa ${page}`, author: 'Autora', thematic: 'tema' };
  if (section !== null) variables.section = section;
  if (page !== 'untitled') variables.contentTitle = `Títol ${page}`;
  return hitRow(eventId, { visitorId: visitor, day, receivedAtMs: at, clientTimeMs: at, url: `https://example.cat/${page}`, pageName: page, variables, ...extra });
}

/** Stored before the view existed: December (a month retention drops whole), February before and after the cutoff. */
const OLDER: HitRow[] = [
  pageView('o1', 'v-1', '2025-12-20', 0, 'noticies', 'a'),
  pageView('o2', 'v-2', '2025-12-20', 5, 'noticies', 'a'),
  pageView('o3', 'v-1', '2026-02-05', 0, null, 'untitled'),
  pageView('o4', 'v-3', '2026-02-05', 1, 'esports', 'b', { isBot: true }),
  pageView('o5', 'v-2', '2026-02-15', 0, 'esports', 'b'),
  pageView('o6', 'v-1', '2026-02-15', 40, 'esports', 'b', { hitType: 'link_o', linkName: 'enllaç', events: '[]' }),
  pageView('o7', 'v-2', '2026-02-15', 41, 'esports', 'b', { hitType: 'link_o', linkName: 'Compartir', events: '[{"id":3,"name":"share"}]' }),
  pageView('o8', 'v-1', '2025-12-20', 2, 'noticies', 'a', { hitType: 'link_d', linkName: 'PDF', linkUrl: 'https://example.cat/f.pdf', events: '[{"id":5}]' }),
];
/** Stored once the view exists. */
const NEWER: HitRow[] = [
  pageView('n1', 'v-1', '2026-02-05', 3, 'noticies', 'a'),
  pageView('n2', 'v-3', '2026-02-16', 0, 'esports', 'b'),
  pageView('n3', 'v-1', '2026-02-16', 2, 'esports', 'c'),
  pageView('n4', 'v-2', '2026-02-16', 4, 'noticies', 'a'),
  pageView('n5', 'v-3', '2026-02-16', 5, 'noticies', 'a', { hitType: 'link_d', linkName: 'PDF', linkUrl: 'https://example.cat/f.pdf', events: '[{"id":5}]' }),
  pageView('n6', 'v-1', '2026-02-16', 6, 'noticies', 'a', { hitType: 'link_e', linkName: 'Fora', linkUrl: 'https://fora.example/', events: '[]' }),
];

describeWithClickHouse('the page-view cells ClickHouse keeps', () => {
  const db = useTestDatabase();
  const tables = eventTables({ variables: variableNames(SITE_VARIABLE_MAP) });
  let reader: ClickHouseTransport;
  let writer: EventBatchWriter;
  const database = () => db().location.database;

  beforeAll(async () => {
    const { transport } = db();
    // An older deployment: the database, its batch journal and hits, without the cells.
    await transport.command(`CREATE DATABASE ${database()}`);
    await transport.command(createBatchesTableSql(database()));
    await transport.command(createTableSql(database(), tables.hits));
    writer = new EventBatchWriter({ transport, database: database(), tables, now: () => 0 });
    expect((await writer.write({ id: 'collector-1/old/0', rows: OLDER })).outcome).toBe('stored');
    reader = createClickHouseTransport(db().location, { database: database() });
  });
  afterAll(() => reader?.close());

  /** A statement over the suite's range, its values bound as the reports' are. */
  const ask = (sql: string) => reader.query<Record<string, unknown>>(bindValues(sql, { suite: SUITE, from: RANGE.from, to: RANGE.to, tz: 'UTC' }, 'cells test'));
  /** Per section and url of the suite's range, bots left out, from the cells. */
  const cellFigures = () =>
    ask(`SELECT section, url, toUInt64(uniqExactMerge(page_views)) AS page_views, toUInt64(uniqMerge(visitors)) AS visitors,
        coalesce(nullIf(minIfMerge(title_label), ''), nullIf(minIfMerge(page_name_label), '')) AS title
      FROM ${PAGE_VIEW_CELLS_TABLE} WHERE ${CLICKHOUSE_IN_RANGE} GROUP BY section, url ORDER BY section, url`);
  /** The same from the page views the filtered page rankings read (each event id once among them as stored). */
  const readTimeFigures = () =>
    ask(`SELECT section, url, toUInt64(uniqExact(event_key)) AS page_views, toUInt64(uniq(visitor_key)) AS visitors, coalesce(min(title), min(page_name)) AS title
      FROM ${CLICKHOUSE_PAGE_HITS} WHERE ${CLICKHOUSE_IN_RANGE} GROUP BY section, url ORDER BY section, url`);
  /** What the stored hits say: distinct event ids and visitors of page views per (section, url), no bots. */
  const storedFigures = () =>
    ask(`SELECT section, url, toUInt64(uniqExact(event_id)) AS page_views, toUInt64(uniqExact(visitor_id)) AS visitors,
        coalesce(min(content_title), min(page_name)) AS title
      FROM hits WHERE ${CLICKHOUSE_IN_RANGE} AND hit_type = 'page_view' GROUP BY section, url ORDER BY section, url`);
  /** Per call and link of the range, from the link cells, the read-time link hits and the stored hits. */
  const linkFigures = {
    cells: () =>
      ask(`SELECT hit_type, call, link_url, toUInt64(uniqExactMerge(calls)) AS calls, toUInt64(uniqMerge(visitors)) AS visitors
        FROM ${LINK_CELLS_TABLE} WHERE ${CLICKHOUSE_IN_RANGE} GROUP BY hit_type, call, link_url ORDER BY hit_type, call, link_url`),
    readTime: () =>
      ask(`SELECT hit_type, call, link_url, toUInt64(uniqExact(event_key)) AS calls, toUInt64(uniq(visitor_key)) AS visitors
        FROM ${CLICKHOUSE_LINK_HITS} WHERE ${CLICKHOUSE_IN_RANGE} GROUP BY hit_type, call, link_url ORDER BY hit_type, call, link_url`),
  };
  const expectCellsTrue = async () => {
    const cells = await cellFigures();
    expect(cells).toEqual(await readTimeFigures());
    expect(cells).toEqual(await storedFigures());
    expect(await linkFigures.cells()).toEqual(await linkFigures.readTime());
    return cells;
  };
  const downloads = async () => (await linkFigures.cells()).filter((row) => row.hit_type === 'link_d');

  it('fills the cells once, at the first start, from the hits stored before', async () => {
    await ensureSchema(db().transport, database(), tables);
    const cells = await expectCellsTrue();
    expect(cells).toContainEqual({ section: 'noticies', url: 'https://example.cat/a', page_views: '2', visitors: '2', title: 'Títol a' });
    expect(cells).toContainEqual({ section: null, url: 'https://example.cat/untitled', page_views: '1', visitors: '1', title: 'untitled' });
    expect(await linkFigures.cells()).toEqual([
      { hit_type: 'link_d', call: '5', link_url: 'https://example.cat/f.pdf', calls: '1', visitors: '1' },
      { hit_type: 'link_o', call: '3', link_url: null, calls: '1', visitors: '1' },
      { hit_type: 'link_o', call: 'enllaç: enllaç', link_url: null, calls: '1', visitors: '1' },
    ]);
    // The next start does not fill again: emptied cells stay empty until the fill's record goes.
    await reader.command(`TRUNCATE TABLE ${PAGE_VIEW_CELLS_TABLE}`);
    await reader.command(`TRUNCATE TABLE ${LINK_CELLS_TABLE}`);
    await ensureSchema(db().transport, database(), tables);
    expect(await cellFigures()).toEqual([]);
    expect(await linkFigures.cells()).toEqual([]);
    await reader.command(`TRUNCATE TABLE ${ROLLUP_FILLS_TABLE}`);
    await ensureSchema(db().transport, database(), tables);
    expect(await cellFigures()).toEqual(cells);
  });

  it('counts each hit once through a batch written again and a second collector’s copies', async () => {
    expect((await writer.write({ id: 'collector-1/new/0', rows: NEWER })).outcome).toBe('stored');
    expect((await writer.write({ id: 'collector-1/new/0', rows: NEWER })).outcome).toBe('already-stored');
    // The retry another collector acknowledged: the same hits, received later, in a batch of its own.
    const copies = [NEWER[0]!, NEWER[2]!, OLDER[4]!, NEWER[4]!].map((row) => ({ ...row, receivedAtMs: row.receivedAtMs + 1_000 }));
    expect((await writer.write({ id: 'collector-2/new/0', rows: copies })).outcome).toBe('stored');
    const [stored] = await reader.query<{ n: string }>(`SELECT count() AS n FROM hits WHERE event_id IN ('n1', 'n3', 'o5')`);
    expect(stored?.n, 'ClickHouse holds the copies').toBe('6');
    expect(await downloads()).toEqual([{ hit_type: 'link_d', call: '5', link_url: 'https://example.cat/f.pdf', calls: '2', visitors: '2' }]);
    const cells = await expectCellsTrue();
    expect(cells).toContainEqual({ section: 'noticies', url: 'https://example.cat/a', page_views: '4', visitors: '2', title: 'Títol a' });
    expect(cells).toContainEqual({ section: 'esports', url: 'https://example.cat/b', page_views: '2', visitors: '2', title: 'Títol b' });
  });

  it('answers the page rankings’ visitors and labels from the cells when unfiltered, as the read-time text does', async () => {
    const analytics = new ClickHouseAnalyticsReader(reader, { timeZone: 'UTC' });
    const spec = pagesSpec();
    const values = { suite: SUITE, from: RANGE.from, to: RANGE.to, keys: JSON.stringify(['https://example.cat/a', 'https://example.cat/b']) };
    for (const query of [rankingVisitorsQuery('pages', spec, ''), rankingLabelsQuery('pages', spec, '')!]) {
      expect(query.clickhouse).toContain(PAGE_VIEW_CELLS_TABLE);
      const withoutCells = { ...spec, clickhouse: { ...spec.clickhouse!, cells: undefined } };
      const readTime = query.name.endsWith('labels') ? rankingLabelsQuery('pages', withoutCells, '')! : rankingVisitorsQuery('pages', withoutCells, '');
      expect(readTime.clickhouse).not.toContain(PAGE_VIEW_CELLS_TABLE);
      const sorted = async (q: typeof query) => (await analytics.read(q, values)).sort((a, b) => String(a.key_text).localeCompare(String(b.key_text)));
      const answer = await sorted(query);
      expect(answer).toHaveLength(2);
      expect(answer).toEqual(await sorted(readTime));
    }
    // A filter the cells cannot answer reads the page views themselves.
    expect(rankingVisitorsQuery('pages', spec, ' AND device = $f_device').clickhouse).not.toContain(PAGE_VIEW_CELLS_TABLE);
  });

  it('takes an erased visitor out of the cells before their hits go, so an erasure stopped midway leaves none there', async () => {
    const real = db().transport;
    // The hits' deletion is lost: the erasure stops after the cells were made again without the visitor.
    const failing: ClickHouseTransport = {
      command: async (sql, options) => {
        if (/^ALTER TABLE \S+\.hits DELETE/.test(sql)) throw new Error('connection lost');
        return real.command(sql, options);
      },
      query: (sql, options) => real.query(sql, options),
      close: async () => {},
    };
    const rights = new ClickHouseVisitorData({ transport: failing, database: database(), tables });
    await expect(rights.eraseVisitor('v-1')).rejects.toThrow('connection lost');
    const [kept] = await reader.query<{ n: string }>(`SELECT count() AS n FROM hits WHERE visitor_id = 'v-1'`);
    expect(Number(kept?.n)).toBeGreaterThan(0);
    const cells = await cellFigures();
    expect(cells).toContainEqual({ section: 'noticies', url: 'https://example.cat/a', page_views: '2', visitors: '1', title: 'Títol a' });
    expect(cells.map((c) => c.url)).not.toContain('https://example.cat/c');
    expect(await downloads()).toEqual([{ hit_type: 'link_d', call: '5', link_url: 'https://example.cat/f.pdf', calls: '1', visitors: '1' }]);
  });

  it('makes the days of an erased visitor again, without them', async () => {
    const rights = new ClickHouseVisitorData({ transport: db().transport, database: database(), tables });
    expect((await rights.eraseVisitor('v-1')).hits).toBeGreaterThan(0);
    const cells = await expectCellsTrue();
    expect(cells).toContainEqual({ section: 'noticies', url: 'https://example.cat/a', page_views: '2', visitors: '1', title: 'Títol a' });
    expect(cells.map((c) => c.url)).not.toContain('https://example.cat/c');
    expect(cells.map((c) => c.url)).not.toContain('https://example.cat/untitled');
    expect(await downloads()).toEqual([{ hit_type: 'link_d', call: '5', link_url: 'https://example.cat/f.pdf', calls: '1', visitors: '1' }]);
  });

  it('lets the cells of days before the retention cutoff go with their hits', async () => {
    const retention = new ClickHouseRetention({ transport: db().transport, database: database(), tables });
    await retention.deleteBefore(CUTOFF);
    const [left] = await reader.query<{ first: string; n: string }>(`SELECT toString(min(day)) AS first, count() AS n FROM ${PAGE_VIEW_CELLS_TABLE}`);
    expect(left?.first).toBe('2026-02-15');
    const cells = await expectCellsTrue();
    expect(cells).toEqual([
      { section: 'esports', url: 'https://example.cat/b', page_views: '2', visitors: '2', title: 'Títol b' },
      { section: 'noticies', url: 'https://example.cat/a', page_views: '1', visitors: '1', title: 'Títol a' },
    ]);
  });

  /** content/pages' unfiltered spec, as rankingReport asks it on ClickHouse. */
  function pagesSpec(): RankingSpec {
    const spec = pagesRankingSpec({});
    expect(spec.clickhouse?.cells?.table).toBe(PAGE_VIEW_CELLS_TABLE);
    return spec;
  }
});

describeWithClickHouse('page-view cells of an earlier revision', () => {
  const db = useTestDatabase();
  const tables = eventTables({ variables: variableNames(SITE_VARIABLE_MAP) });
  const database = () => db().location.database;
  /** Revision 1: `anyIf` label states, the title already coalesced with the page name. */
  const anyLabel = (sql: string) => `anyIfState(ifNull(${sql}, ''), (${sql}) IS NOT NULL)`;
  const REVISION_1: CellsRollup = {
    ...PAGE_VIEW_CELLS,
    revision: undefined,
    states: [
      ...PAGE_VIEW_CELLS.states.filter((state) => state.name === 'page_views' || state.name === 'visitors'),
      { name: 'title_label', type: 'AggregateFunction(anyIf, String, UInt8)', sql: anyLabel('coalesce(content_title, page_name)') },
      { name: 'programme_label', type: 'AggregateFunction(anyIf, String, UInt8)', sql: anyLabel('programme_name') },
    ],
  };

  it('is made again at start with minIf labels and filled from the hits, and the database records schema version 2', async () => {
    const { transport } = db();
    // A deployment of the earlier release: its cells filled by its view, and recorded as filled.
    await ensureSchema(transport, database(), tables);
    await transport.command(`DROP TABLE ${database()}.${PAGE_VIEW_CELLS.view}`);
    await transport.command(`DROP TABLE ${database()}.${PAGE_VIEW_CELLS_TABLE}`);
    await transport.command(createCellsTableSql(database(), REVISION_1));
    await transport.command(createCellsViewSql(database(), REVISION_1));
    await transport.command(`TRUNCATE TABLE ${database()}.${CLICKHOUSE_SCHEMA_VERSION_TABLE}`);
    const writer = new EventBatchWriter({ transport, database: database(), tables, now: () => 0 });
    expect((await writer.write({ id: 'collector-1/old/0', rows: OLDER })).outcome).toBe('stored');
    await transport.command(`INSERT INTO ${database()}.${ROLLUP_FILLS_TABLE} (rollup) VALUES ('${PAGE_VIEW_CELLS_TABLE}')`);

    await ensureSchema(transport, database(), tables);
    const types = await transport.query<{ name: string; type: string }>(
      `SELECT name, type FROM system.columns WHERE database = '${database()}' AND table = '${PAGE_VIEW_CELLS_TABLE}' AND name LIKE '%_label' ORDER BY name`,
    );
    expect(types.map((column) => [column.name, column.type.replace(/\s/g, '')])).toEqual([
      ['page_name_label', 'AggregateFunction(minIf,String,UInt8)'],
      ['programme_label', 'AggregateFunction(minIf,String,UInt8)'],
      ['title_label', 'AggregateFunction(minIf,String,UInt8)'],
    ]);
    const [titles] = await transport.query<{ n: string }>(
      `SELECT count() AS n FROM (SELECT url, minIfMerge(title_label) AS title FROM ${database()}.${PAGE_VIEW_CELLS_TABLE} GROUP BY url) WHERE title = 'Títol a'`,
    );
    expect(titles?.n, 'the hits stored before are in the new cells').toBe('1');
    expect(await clickHouseSchemaVersion(transport, database())).toBe(2);
    // The next start leaves the new table as it is.
    expect(await remakeChangedCells(transport, database(), PAGE_VIEW_CELLS)).toBe(false);
  });
});
