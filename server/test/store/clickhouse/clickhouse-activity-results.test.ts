/**
 * An activity's results on ClickHouse (store/clickhouse/clickhouse-decision-store.ts) answer as
 * DuckDB's (both texts in queries/activity-results.ts): one data set of decision events
 * and hits goes through the ingest log into both engines (helpers/both-engines.ts), and both are
 * asked the results of a click-goal, a page-view-goal and two event-goal activities, over all
 * time and over ranges of local days, and CUPED's pre-period sums (queries/activity-pre-period.ts).
 */
import { SITE_VARIABLE_MAP, variableNames, type Activity } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDayIn } from '../../../src/local-day.js';
import { ClickHouseDecisionStore } from '../../../src/store/clickhouse/clickhouse-decision-store.js';
import { createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import type { DayRange, ExperienceCounts, PrePeriodSums } from '../../../src/store/decision-store.js';
import { CUPED_PAGE_VIEWS_CAP, CUPED_PRE_PERIOD_DAYS } from '../../../src/store/queries/activity-pre-period.js';
import type { DecisionEventRow } from '../../../src/store/decision-row.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { testActivity } from '../../helpers/activity.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { hitRow } from '../../helpers/event-rows.js';

const VARIABLES = variableNames(SITE_VARIABLE_MAP);
const TIME_ZONE = 'Europe/Madrid';
const localDay = localDayIn(TIME_ZONE);
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** 2026-01-11 00:00 in Madrid (UTC+1): the range's first day; day n is DAY1 + (n - 1) days. */
const DAY1_MS = Date.UTC(2026, 0, 10, 23);
const at = (day: number, hours: number, minutes = 0) => DAY1_MS + (day - 1) * DAY_MS + hours * HOUR_MS + minutes * MINUTE_MS;
/** Days 1 to 3; day 0 and day 5 fall outside. */
const RANGE: DayRange = { from: '2026-01-11', to: '2026-01-13' };
/** Both engines load three segments and ClickHouse answers nested queries: seconds on a busy machine. */
const RESULTS_TEST_TIMEOUT_MS = 90_000;

const experiences = [
  { id: 'a', name: 'A', share: 1 },
  { id: 'b', name: 'B', share: 1 },
];
const CLICK = testActivity({ id: 'clic', experiences });
const PAGE_VIEW = testActivity({ id: 'pagina', experiences, goal: { type: 'pageView', path: '/esports' } });
const NAMED_EVENT = testActivity({ id: 'event-nom', experiences, goal: { type: 'event', event: 'subscripcio' } });
const NUMBERED_EVENT = testActivity({ id: 'event-num', experiences, goal: { type: 'event', event: 'event7' } });
/** Its visitor sees two experiences in one millisecond: the smaller experience id counts, on both engines. */
const SAME_MILLISECOND = testActivity({ id: 'mateix-ms', experiences });
const ACTIVITIES = [CLICK, PAGE_VIEW, NAMED_EVENT, NUMBERED_EVENT, SAME_MILLISECOND];

let decisionSerial = 0;
function decision(activity: Activity, type: DecisionEventRow['type'], visitor: string, experienceId: string, atMs: number, analytics: string | null = `v-${visitor}`): DecisionEventRow {
  decisionSerial += 1;
  return { kind: 'decision', decisionId: `d-${decisionSerial}`, type, activityId: activity.id, experienceId, visitorKey: `k-${visitor}`, analyticsVisitorId: analytics, mbox: activity.id, atMs };
}

let hitSerial = 0;
function hit(visitor: string, receivedAtMs: number, overrides: Partial<HitRow> = {}): HitRow {
  hitSerial += 1;
  return hitRow(`h-${hitSerial}`, { visitorId: `v-${visitor}`, receivedAtMs, day: localDay(receivedAtMs), url: 'https://example.cat/portada', events: '[]', ...overrides });
}

/** The click-goal activity's events: every case the counting tells apart. */
function clickEvents(): DecisionEventRow[] {
  const impression = (visitor: string, experience: string, atMs: number) => decision(CLICK, 'impression', visitor, experience, atMs);
  const conversion = (visitor: string, experience: string, atMs: number) => decision(CLICK, 'conversion', visitor, experience, atMs);
  return [
    impression('1', 'a', at(1, 10)),
    conversion('1', 'a', at(1, 10, 5)),
    conversion('1', 'a', at(2, 9)),
    // 23:30 UTC of day 1 is 00:30 of day 2 in Madrid; converts on day 3.
    impression('2', 'b', at(2, 0, 30)),
    conversion('2', 'b', at(3, 12)),
    // Converts before the impression only: a visitor, no conversion.
    conversion('3', 'a', at(1, 9)),
    impression('3', 'a', at(1, 12)),
    // Counted in the experience of the first impression, though later shown another.
    impression('4', 'b', at(2, 8)),
    impression('4', 'a', at(3, 8)),
    conversion('4', 'a', at(3, 9)),
    // A conversion in the impression's millisecond counts.
    impression('6', 'a', at(2, 15)),
    conversion('6', 'a', at(2, 15)),
    // A conversion without any impression counts nowhere.
    conversion('7', 'b', at(2, 16)),
    // First seen before the range, converted in it: all time only.
    impression('8', 'b', at(0, 11)),
    conversion('8', 'b', at(1, 11)),
    // Seen in the range, converted after it (day 5): converted over all time, not in the range.
    impression('9', 'b', at(3, 20)),
    conversion('9', 'b', at(5, 10)),
    // Another activity's events of the same visitors count in its results only.
    decision(PAGE_VIEW, 'conversion', '3', 'a', at(1, 13)),
  ];
}

/** The hit-goal activities' events and the hits that convert them, or do not. */
function hitGoalEvents(): (DecisionEventRow | HitRow)[] {
  const rows: (DecisionEventRow | HitRow)[] = [];
  for (const activity of [PAGE_VIEW, NAMED_EVENT, NUMBERED_EVENT]) {
    rows.push(
      decision(activity, 'impression', 'p1', 'a', at(1, 10)),
      decision(activity, 'impression', 'p2', 'b', at(1, 10)),
      decision(activity, 'impression', 'p3', 'a', at(2, 10)),
      // No analytics visitor: no hit can convert it.
      decision(activity, 'impression', 'p4', 'b', at(2, 10), null),
      decision(activity, 'impression', 'p5', 'b', at(2, 23, 30)),
      decision(activity, 'impression', 'p6', 'a', at(3, 10)),
    );
  }
  const goal = { url: 'https://example.cat/esports/futbol?partit=1', events: '[{"id":7,"value":2,"name":"subscripcio"}]' };
  rows.push(
    hit('p1', at(1, 11), goal),
    hit('p1', at(2, 11), goal),
    // Before the impression only.
    hit('p2', at(1, 9), goal),
    // A bot's hit never converts.
    hit('p3', at(2, 11), { ...goal, isBot: true }),
    // The goal's path in a link hit, and its event among others on a page elsewhere.
    hit('p3', at(2, 12), { ...goal, hitType: 'link_o', events: '[]' }),
    hit('p3', at(2, 13), { events: '[{"id":3,"name":"cerca"},{"id":7,"name":"subscripcio"}]' }),
    hit('p4', at(2, 11), goal),
    // Converts after midnight in Madrid (day 3), on a path the goal's is a prefix of.
    hit('p5', at(3, 0, 15), { url: 'https://example.cat/esportsx', events: '[{"id":12,"name":"event7x"}]' }),
    // After the range.
    hit('p6', at(5, 9), goal),
    hit('altre', at(1, 11), goal),
  );
  return rows;
}

/**
 * Page views before the click activity's impressions, for CUPED's pre-period: visitor 1 (first
 * impression on day 1 at 10:00) has three in the 14 days before, one older and one at the
 * impression's millisecond (neither counts), a bot's and a link hit (not page views); visitor 6
 * (day 2, 15:00) reads more than the cap; visitor 4 one page view before its first impression and
 * one between its two (after the first: not counted).
 */
function prePeriodHits(): HitRow[] {
  const first1 = at(1, 10);
  return [
    hit('1', first1 - (CUPED_PRE_PERIOD_DAYS - 1) * DAY_MS),
    hit('1', first1 - 3 * DAY_MS),
    hit('1', first1 - 1),
    hit('1', first1 - (CUPED_PRE_PERIOD_DAYS + 1) * DAY_MS),
    hit('1', first1),
    hit('1', first1 - HOUR_MS, { isBot: true }),
    hit('1', first1 - HOUR_MS, { hitType: 'link_o' }),
    ...Array.from({ length: CUPED_PAGE_VIEWS_CAP + 3 }, (_, i) => hit('6', at(1, 0, i))),
    hit('4', at(1, 8)),
    hit('4', at(2, 20)),
  ];
}

describeWithClickHouse('activity results on ClickHouse and on DuckDB', () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let transport: ClickHouseTransport;
  let clickhouse: ClickHouseDecisionStore;

  beforeAll(async () => {
    const click = clickEvents();
    const hitGoals = hitGoalEvents();
    const prePeriod = prePeriodHits();
    // A page view of visitor 1's pre-period sent again: stored twice by ClickHouse, counted once.
    const resentPageView = prePeriod[1]!;
    const duplicated = click[0]!;
    const resentConversion = click.find((row) => row.visitorKey === 'k-2' && row.type === 'conversion')!;
    // p2's goal hit resent 2 hours later, after the impression: the first copy is the one that counts.
    const resentHit = { ...(hitGoals.find((row) => !('kind' in row) && row.visitorId === 'v-p2') as HitRow), receivedAtMs: at(1, 11) };
    // B is stored first (its own segment): an engine's first row would be B.
    const tie = [decision(SAME_MILLISECOND, 'impression', 't1', 'b', at(2, 10)), decision(SAME_MILLISECOND, 'impression', 't1', 'a', at(2, 10))];
    const segments = [
      [...click.slice(0, 9), duplicated, ...hitGoals.slice(0, 12), tie[0]!, ...prePeriod],
      [...click.slice(9), ...hitGoals.slice(12), tie[1]!],
      // A segment resent to another collector: DuckDB's load drops the copies, ClickHouse keeps them.
      [duplicated, resentConversion, resentHit, resentPageView],
    ];
    engines = await loadBothEngines({ segments, clickhouse: db(), variables: VARIABLES, timeZone: TIME_ZONE });
    transport = createClickHouseTransport(db().location, { database: db().location.database });
    clickhouse = new ClickHouseDecisionStore({ transport, timeZone: TIME_ZONE });
  }, RESULTS_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await transport?.close();
    await engines?.close();
  }, RESULTS_TEST_TIMEOUT_MS);

  const sorted = (counts: ExperienceCounts[]) => [...counts].sort((x, y) => x.experienceId.localeCompare(y.experienceId));

  it('holds a decision sent twice in one segment and again in another three times in ClickHouse', async () => {
    const [copies] = await transport.query<{ n: string }>(`SELECT count() AS n FROM decision_events WHERE decision_id = 'd-1'`);
    expect(Number(copies!.n)).toBe(3);
  });

  it(
    'counts each experience alike over all time',
    async () => {
      for (const activity of ACTIVITIES) {
        const expected = sorted(await engines.duckdb.experienceCounts(activity));
        expect(sorted(await clickhouse.experienceCounts(activity)), activity.id).toEqual(expected);
      }
      // The data set tells the cases apart: visitors 1, 3, 6 in A (3 converted before only), 2, 4, 8, 9 in B.
      expect(sorted(await clickhouse.experienceCounts(CLICK))).toEqual([
        { experienceId: 'a', visitors: 3, conversions: 2 },
        { experienceId: 'b', visitors: 4, conversions: 4 },
      ]);
      expect(sorted(await clickhouse.experienceCounts(PAGE_VIEW))).toEqual([
        { experienceId: 'a', visitors: 3, conversions: 2 },
        { experienceId: 'b', visitors: 3, conversions: 1 },
      ]);
      expect(sorted(await clickhouse.experienceCounts(NUMBERED_EVENT))).toEqual([
        { experienceId: 'a', visitors: 3, conversions: 3 },
        { experienceId: 'b', visitors: 3, conversions: 0 },
      ]);
      expect(await clickhouse.experienceCounts(SAME_MILLISECOND)).toEqual([{ experienceId: 'a', visitors: 1, conversions: 0 }]);
      expect(await engines.duckdb.experienceCounts(SAME_MILLISECOND)).toEqual([{ experienceId: 'a', visitors: 1, conversions: 0 }]);
    },
    RESULTS_TEST_TIMEOUT_MS,
  );

  it(
    'counts what each local day adds alike, over the range, a day of it and a day without events',
    async () => {
      const ranges: DayRange[] = [RANGE, { from: '2026-01-12', to: '2026-01-12' }, { from: '2026-01-10', to: '2026-01-15' }, { from: '2026-01-14', to: '2026-01-14' }];
      for (const activity of ACTIVITIES) {
        for (const range of ranges) {
          const expected = await engines.duckdb.experienceDayCounts(activity, range);
          expect(await clickhouse.experienceDayCounts(activity, range), `${activity.id} ${range.from}..${range.to}`).toEqual(expected);
        }
      }
      expect(await clickhouse.experienceDayCounts(CLICK, RANGE)).toEqual([
        { experienceId: 'a', day: '2026-01-11', visitors: 2, conversions: 1 },
        { experienceId: 'a', day: '2026-01-12', visitors: 1, conversions: 1 },
        { experienceId: 'b', day: '2026-01-12', visitors: 2, conversions: 0 },
        { experienceId: 'b', day: '2026-01-13', visitors: 1, conversions: 2 },
      ]);
      expect(await clickhouse.experienceDayCounts(CLICK, { from: '2026-01-14', to: '2026-01-14' })).toEqual([]);
      expect(await engines.duckdb.experienceDayCounts(SAME_MILLISECOND, RANGE)).toEqual([{ experienceId: 'a', day: '2026-01-12', visitors: 1, conversions: 0 }]);
    },
    RESULTS_TEST_TIMEOUT_MS,
  );

  it(
    "sums each experience's pre-period page views alike (CUPED), counted once, in the 14 days before the first impression, capped",
    async () => {
      const bySum = (sums: PrePeriodSums) => ({ ...sums, experiences: [...sums.experiences].sort((x, y) => x.experienceId.localeCompare(y.experienceId)) });
      for (const activity of ACTIVITIES) {
        const expected = bySum(await engines.duckdb.experiencePrePeriod!(activity));
        expect(bySum(await clickhouse.experiencePrePeriod(activity)), activity.id).toEqual(expected);
      }
      // A: visitors 1 (X = 3, converted), 3 (0) and 6 (the cap, converted); B: 2, 4 (X = 1, converted), 8, 9.
      expect(bySum(await clickhouse.experiencePrePeriod(CLICK))).toEqual({
        prePeriodDays: CUPED_PRE_PERIOD_DAYS,
        experiences: [
          { experienceId: 'a', visitors: 3, conversions: 2, sumX: 3 + CUPED_PAGE_VIEWS_CAP, sumXSquares: 9 + CUPED_PAGE_VIEWS_CAP ** 2, sumXY: 3 + CUPED_PAGE_VIEWS_CAP },
          { experienceId: 'b', visitors: 4, conversions: 4, sumX: 1, sumXSquares: 1, sumXY: 1 },
        ],
      });
      // p2's goal hit, a page view an hour before its impression, its later copy dropped; p4 has no analytics visitor.
      expect(bySum(await clickhouse.experiencePrePeriod(PAGE_VIEW)).experiences).toEqual([
        { experienceId: 'a', visitors: 3, conversions: 2, sumX: 0, sumXSquares: 0, sumXY: 0 },
        { experienceId: 'b', visitors: 3, conversions: 1, sumX: 1, sumXSquares: 1, sumXY: 0 },
      ]);
    },
    RESULTS_TEST_TIMEOUT_MS,
  );
});
