/**
 * kept_match_hits (store/duckdb/kept-hit-matches.ts) holds each kept match's hits as
 * page_view_keys and link_hit_visits give them when asked: for matches kept before the loads and
 * appended by each load (a visit continued past midnight by a later load, late page views taking
 * stored link hits, a new day), for a match kept after the data was stored (a goal changed), after
 * an erasure and when the report tables are made again; and a goal's visits, a funnel's figures
 * and a segment's visitors read from them answer as those read at each ask.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames, type FunnelStep, type GoalDefinition, type SegmentDefinition } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { reachedGoalSql } from '../../../src/store/queries/goal-conversions.js';
import { funnelFiguresSql, funnelLostSql } from '../../../src/store/queries/funnel-steps.js';
import { goalMatch, hitsSql } from '../../../src/store/queries/hit-match.js';
import { keptMatchOf, type KeptMatchIds } from '../../../src/store/queries/kept-hit-matches.js';
import { stepMatch } from '../../../src/store/queries/funnel-step-hits.js';
import { segmentConditionSql } from '../../../src/store/queries/segment-sql.js';
import { plainPageView } from '../../helpers/event-rows.js';
import { type DuckDbStore, loadRows, readingStoreFile } from '../../helpers/duckdb-store-file.js';

const MINUTE_MS = 60_000;
/** 23:40 UTC on 2026-11-23: a visit begun then goes on past midnight. */
const LATE = Date.UTC(2026, 10, 23, 23, 40);
const SITE = 'https://mesura.cat';
/** Stores opened and loaded anew: well over the default test time on a loaded machine. */
const LOADS_AFRESH_TIMEOUT_MS = 180_000;
const SUITE = 'mesuradev';
const RANGES = [
  { suite: SUITE, from: '2026-11-23', to: '2026-11-24' },
  { suite: SUITE, from: '2026-11-23', to: '2026-11-23' },
  { suite: SUITE, from: '2026-11-24', to: '2026-11-24' },
];

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-kept-matches-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function hit(eventId: string, visitor: string, atMs: number, kind: 'news' | 'sport' | 'share'): HitRow {
  const url = kind === 'sport' ? `${SITE}/esports/2/` : `${SITE}/noticies/1/`;
  const page = plainPageView(eventId, visitor, atMs, url, { pageName: kind === 'sport' ? 'esports' : 'noticia' });
  return kind === 'share' ? { ...page, hitType: 'link_o', linkName: 'Compartir', events: '[{"id":3,"name":"event3"}]' } : page;
}

const NEWS_GOAL: GoalDefinition = { id: 'news', name: 'Notícia', type: 'page', url: `${SITE}/noticies/1/`, match: 'exact' };
const SHARE_GOAL: GoalDefinition = { id: 'share', name: 'Compartir', type: 'call', call: '3' };
/** The news goal changed, after the data was stored, to a pattern of both sections. */
const CHANGED_GOAL: GoalDefinition = { id: 'news', name: 'Notícies i esports', type: 'page', url: `${SITE}/*s/*`, match: 'pattern' };

const STEPS: FunnelStep[] = [
  { type: 'page', name: 'Notícia', url: `${SITE}/noticies/1/`, match: 'exact' },
  { type: 'call', name: 'Compartir', call: '3' },
  { type: 'page', name: 'Esports', url: `${SITE}/esports/*`, match: 'pattern' },
];

/** Who viewed a sports page or shared: a page and a call condition, kept as the funnel's steps are. */
const SEGMENT: SegmentDefinition = {
  id: 'sport-or-share',
  name: 'Esports o compartir',
  shared: true,
  match: 'any',
  groups: [
    { match: 'all', conditions: [{ type: 'page', url: `${SITE}/esports/*`, match: 'pattern' }] },
    { match: 'all', conditions: [{ type: 'call', call: '3' }] },
  ],
};

/** The loads, in order, with a check after each. */
async function loadsAndChecks(store: DuckDbStore, check: (step: string) => Promise<void>) {
  // A's visit (23:40, 23:50) with a share in it; B shares before any page view of theirs.
  await loadRows(store, [hit('a1', 'A', LATE, 'news'), hit('b9', 'B', LATE + 5 * MINUTE_MS, 'share'), hit('a2', 'A', LATE + 10 * MINUTE_MS, 'sport'), hit('a8', 'A', LATE + 12 * MINUTE_MS, 'share')]);
  await check('first load');
  // A shares 35 minutes after their last page view: in no visit yet.
  await loadRows(store, [hit('a7', 'A', LATE + 45 * MINUTE_MS, 'share')]);
  await check('a share after the visit');
  // Late page views: A's at 00:05 continues the visit past midnight and takes the 00:25 share; B's starts a visit before B's share.
  await loadRows(store, [hit('b1', 'B', LATE + 3 * MINUTE_MS, 'news'), hit('a3', 'A', LATE + 25 * MINUTE_MS, 'news'), hit('b2', 'B', LATE + 8 * MINUTE_MS, 'sport')]);
  await check('late page views');
  // A new day: a share before A's next visit starts, and one in it, then the sports page.
  await loadRows(store, [
    hit('a6', 'A', LATE + 120 * MINUTE_MS, 'share'),
    hit('a4', 'A', LATE + 130 * MINUTE_MS, 'news'),
    hit('a5', 'A', LATE + 135 * MINUTE_MS, 'share'),
    hit('a9', 'A', LATE + 140 * MINUTE_MS, 'sport'),
  ]);
  await check('a new day');
}

const NOTHING = { duckdb: '', clickhouse: '' };
const ask = (store: DuckDbStore, sql: string, values: Record<string, string>) => store.read({ name: 'kept-hit-matches.test', duckdb: sql, clickhouse: '' }, values);
const sorted = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify(row)).sort();

/** Every answer read from the kept rows (`kept`) equals the one read at each ask, over each range. */
async function expectSameAnswers(store: DuckDbStore, kept: KeptMatchIds, goals: readonly GoalDefinition[], step: string) {
  for (const values of RANGES) {
    const at = `${step}, ${values.from}…${values.to}`;
    for (const goal of goals) {
      const match = goalMatch(goal);
      const rows = (ids?: KeptMatchIds) => hitsSql(match, NOTHING, ['visit_key'], true, ids).duckdb;
      expect(rows(kept), at).toContain('kept_match_hits');
      expect(sorted(await ask(store, rows(kept), values)), `${at}: ${goal.name}`).toEqual(sorted(await ask(store, rows(), values)));
      const visits = (ids?: KeptMatchIds) => `SELECT visit_key FROM visits WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
        AND NOT is_bot AND ${reachedGoalSql(goal, ids).duckdb} ORDER BY visit_key`;
      expect(await ask(store, visits(kept), values), `${at}: ${goal.name}'s visits`).toEqual(await ask(store, visits(), values));
    }
    const segment = (ids?: KeptMatchIds) => `SELECT DISTINCT visitor_key FROM visits WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE)
      AND CAST($to AS DATE) AND NOT is_bot AND ${segmentConditionSql(SEGMENT, new Map(), ids).duckdb} ORDER BY visitor_key`;
    expect(segment(kept)).toContain('kept_match_hits');
    expect(await ask(store, segment(kept), values), `${at}: segment`).toEqual(await ask(store, segment(), values));
    for (const days of [undefined, 1]) {
      const query = { steps: STEPS, filters: '', ...(days !== undefined && { days }) };
      const figures = (ids?: KeptMatchIds) => funnelFiguresSql({ ...query, ...(ids && { kept: ids }) }).duckdb;
      expect(await ask(store, figures(kept), values), `${at}: funnel ${days}`).toEqual(await ask(store, figures(), values));
      const lost = (ids?: KeptMatchIds) => funnelLostSql({ ...query, ...(ids && { kept: ids }) }, 1).duckdb;
      expect(sorted(await ask(store, lost(kept), values)), `${at}: lost ${days}`).toEqual(sorted(await ask(store, lost(), values)));
    }
  }
}

const keptOf = (matches: ReturnType<typeof goalMatch>[]) => matches.map(keptMatchOf).filter((match) => match !== undefined);
const GOAL_MATCHES = keptOf([NEWS_GOAL, SHARE_GOAL].map(goalMatch));
const STEP_MATCHES = keptOf(STEPS.map(stepMatch));

describe('saved goals and funnel steps kept at load', () => {
  it(
    'answer as the hits picked at each ask, after every load and for a goal changed after the data was stored',
    async () => {
      const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
      // Kept before any event: every row comes from the loads. The goals' matches are two steps': shared.
      const kept = await store.keepHitMatches([...GOAL_MATCHES, ...STEP_MATCHES]);
      expect(kept.size).toBe(3);
      const steps: string[] = [];
      await loadsAndChecks(store, async (step) => {
        steps.push(step);
        await expectSameAnswers(store, kept, [NEWS_GOAL, SHARE_GOAL], step);
      });
      expect(steps).toEqual(['first load', 'a share after the visit', 'late page views', 'a new day']);
      // The goal changed: its new match is made from the stored days, then appended to.
      const changed = await store.keepHitMatches(keptOf([goalMatch(CHANGED_GOAL)]));
      await expectSameAnswers(store, changed, [CHANGED_GOAL], 'changed goal');
      await loadRows(store, [hit('c1', 'C', LATE + 150 * MINUTE_MS, 'sport'), hit('a10', 'A', LATE + 150 * MINUTE_MS, 'share')]);
      const all = await store.keepHitMatches([...GOAL_MATCHES, ...STEP_MATCHES, ...keptOf([goalMatch(CHANGED_GOAL)])]);
      expect(all.size).toBe(4);
      await expectSameAnswers(store, all, [NEWS_GOAL, SHARE_GOAL, CHANGED_GOAL], 'after the change');
      await store.close();
    },
    LOADS_AFRESH_TIMEOUT_MS,
  );

  it(
    'forget an erased visitor, and are made again with the report tables',
    async () => {
      const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
      await loadsAndChecks(store, async () => {});
      const kept = await store.keepHitMatches([...GOAL_MATCHES, ...STEP_MATCHES]);
      await store.eraseVisitor('B');
      await expectSameAnswers(store, kept, [NEWS_GOAL, SHARE_GOAL], 'erased');
      await store.close();
      const before = await readingStoreFile(dir, async (query) => {
        const rows = await query('SELECT * FROM kept_match_hits ORDER BY match_id, t');
        expect(await query(`SELECT count(*) AS n FROM kept_match_hits WHERE visitor_key = hash('B')`)).toEqual([{ n: '0' }]);
        // A derivation this release does not know: the next start makes every report table again.
        await query('UPDATE report_extent SET derivation = -1');
        return rows;
      });
      const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
      await reopened.close();
      await readingStoreFile(dir, async (query) => {
        expect(before.length).toBeGreaterThan(0);
        expect(await query('SELECT * FROM kept_match_hits ORDER BY match_id, t')).toEqual(before);
      });
    },
    LOADS_AFRESH_TIMEOUT_MS,
  );
});
