/**
 * link_hit_visits (store/duckdb/link-hit-visits.ts) holds each link hit's visit as the ASOF join
 * over link_hits and visits finds it when asked, also after later loads change the visits (a late
 * page view continuing a visit past midnight, one starting a visit before a stored call, a new
 * day), after an erasure, in a folder from before it and when the report tables are made again;
 * and a call goal's visits and a funnel whose first step is a call read from it answer as the
 * join does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { reachedGoalSql } from '../../../src/store/queries/goal-conversions.js';
import { funnelFiguresSql } from '../../../src/store/queries/funnel-steps.js';
import { plainPageView } from '../../helpers/event-rows.js';
import { type DuckDbStore, loadRows, readingStoreFile } from '../../helpers/duckdb-store-file.js';

const MINUTE_MS = 60_000;
/** 23:40 UTC on 2026-11-23: a visit begun then goes on past midnight. */
const LATE = Date.UTC(2026, 10, 23, 23, 40);
const SITE = 'https://mesura.cat';
/** Four stores opened and loaded anew: well over the default test time on a loaded machine. */
const LOADS_AFRESH_TIMEOUT_MS = 120_000;
const BOTH_DAYS = { suite: 'mesuradev', from: '2026-11-23', to: '2026-11-24' };

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-link-visits-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function hit(eventId: string, visitor: string, atMs: number, kind: 'page' | 'share'): HitRow {
  const page = plainPageView(eventId, visitor, atMs, `${SITE}/noticies/1/`, { pageName: 'noticia' });
  return kind === 'page' ? page : { ...page, hitType: 'link_o', linkName: 'Compartir', events: '[{"id":3,"name":"event3"}]' };
}

const COLUMNS = 'report_suite, day, is_bot, event_key, visitor_key, t, hit_type, call, link_name, visit_key';

/** Each link hit's visit found when asked, as goal-conversions.ts found it before the roll-up. */
const DIRECT = `SELECT ${COLUMNS} FROM (SELECT l.*, epoch_ms(l.received_at) AS t,
    CASE WHEN epoch_ms(l.received_at) <= epoch_ms(v.ended_at) + ${30 * MINUTE_MS} THEN v.visit_key END AS visit_key
  FROM link_hits AS l ASOF LEFT JOIN visits AS v
    ON l.report_suite = v.report_suite AND l.visitor_key = v.visitor_key AND epoch_ms(l.received_at) >= epoch_ms(v.started_at)) ORDER BY event_key`;
const KEPT = `SELECT ${COLUMNS} FROM link_hit_visits ORDER BY event_key`;

/** The visits of the range that reached a share (event 3), by the ASOF join asked of the range's visits, as before the roll-up. */
const DIRECT_SHARE_VISITS = `SELECT visit_key FROM visits WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND NOT is_bot
  AND visit_key IN (SELECT goal_visits.visit_key FROM (SELECT visitor_key, epoch_ms(received_at) AS t FROM link_hits
      WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND NOT is_bot AND call = '3') AS goal_hits
    ASOF JOIN (SELECT visit_key, visitor_key, epoch_ms(started_at) AS started_ms, epoch_ms(ended_at) + ${30 * MINUTE_MS} AS open_until_ms
      FROM visits WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND NOT is_bot) AS goal_visits
    ON goal_hits.visitor_key = goal_visits.visitor_key AND goal_hits.t >= goal_visits.started_ms WHERE goal_hits.t <= goal_visits.open_until_ms)
  ORDER BY visit_key`;

const SHARE_GOAL = { id: 'share', name: 'Compartir', type: 'call', call: '3' } as const;
const keptShareVisits = `SELECT visit_key FROM visits WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND NOT is_bot
  AND ${reachedGoalSql(SHARE_GOAL).duckdb} ORDER BY visit_key`;

/** Each load, then what the kept rows and the goal must say after it (DIRECT is the reference every time). */
async function loadsAndChecks(store: DuckDbStore, check: (step: string) => Promise<void>) {
  // A's visit (23:40, 23:50) with a share in it; B shares before any page view of theirs.
  await loadRows(store, [hit('a1', 'A', LATE, 'page'), hit('b9', 'B', LATE + 5 * MINUTE_MS, 'share'), hit('a2', 'A', LATE + 10 * MINUTE_MS, 'page'), hit('a8', 'A', LATE + 12 * MINUTE_MS, 'share')]);
  await check('first load');
  // A shares 35 minutes after their last page view: in no visit yet.
  await loadRows(store, [hit('a7', 'A', LATE + 45 * MINUTE_MS, 'share')]);
  await check('a share after the visit');
  // Late page views: A's at 00:05 continues the visit past midnight and takes the 00:25 share; B's starts a visit before B's share.
  await loadRows(store, [hit('b1', 'B', LATE + 3 * MINUTE_MS, 'page'), hit('a3', 'A', LATE + 25 * MINUTE_MS, 'page')]);
  await check('late page views');
  // A new day: a share before A's next visit starts, and one in it.
  await loadRows(store, [hit('a6', 'A', LATE + 120 * MINUTE_MS, 'share'), hit('a4', 'A', LATE + 130 * MINUTE_MS, 'page'), hit('a5', 'A', LATE + 135 * MINUTE_MS, 'share')]);
  await check('a new day');
}

describe('link hits kept with their visit at load', () => {
  it('holds each link hit with the visit the join finds, after every load, late page views and a new day included', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    const steps: string[] = [];
    await loadsAndChecks(store, async (step) => {
      steps.push(step);
    });
    await store.close();
    expect(steps).toEqual(['first load', 'a share after the visit', 'late page views', 'a new day']);
    await readingStoreFile(dir, async (query) => {
      const kept = await query(KEPT);
      expect(kept).toEqual(await query(DIRECT));
      expect(kept).toHaveLength(5);
      expect(kept.filter((row) => row.visit_key !== null)).toHaveLength(4);
      expect(await query(keptShareVisits, BOTH_DAYS)).toEqual(await query(DIRECT_SHARE_VISITS, BOTH_DAYS));
      for (const day of ['2026-11-23', '2026-11-24']) {
        const range = { ...BOTH_DAYS, from: day, to: day };
        expect(await query(keptShareVisits, range)).toEqual(await query(DIRECT_SHARE_VISITS, range));
      }
      expect(reachedGoalSql(SHARE_GOAL).duckdb).toContain('link_hit_visits');
    });
  });

  it(
    'agrees with the join after each load, not only the last',
    async () => {
      for (const stop of ['first load', 'a share after the visit', 'late page views', 'a new day']) {
        rmSync(dir, { recursive: true, force: true });
        dir = mkdtempSync(path.join(tmpdir(), 'mesura-link-visits-'));
        const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
        const done = new Error('stop');
        await loadsAndChecks(store, async (step) => {
          if (step === stop) throw done;
        }).catch((error: unknown) => {
          if (error !== done) throw error;
        });
        await store.close();
        await readingStoreFile(dir, async (query) => {
          expect(await query(KEPT), stop).toEqual(await query(DIRECT));
          expect(await query(keptShareVisits, BOTH_DAYS), stop).toEqual(await query(DIRECT_SHARE_VISITS, BOTH_DAYS));
        });
      }
    },
    LOADS_AFRESH_TIMEOUT_MS,
  );

  it('answers a funnel whose first step is a call alike from the kept visits and from the join', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await loadsAndChecks(store, async () => {});
    await store.close();
    const steps = [
      { type: 'call', name: 'Compartir', call: '3' },
      { type: 'page', name: 'Notícia', url: `${SITE}/noticies/1/`, match: 'exact' },
    ] as const;
    const kept = funnelFiguresSql({ steps, filters: '' }).duckdb;
    // A filter over the first step's hits reads link_hits and joins them to their visits when asked.
    const joined = funnelFiguresSql({ steps, filters: ' AND 1 = 1' }).duckdb;
    expect(kept).toContain('link_hit_visits');
    expect(joined).toContain('ASOF JOIN funnel_visits');
    await readingStoreFile(dir, async (query) => {
      const answer = await query(kept, BOTH_DAYS);
      expect(answer).toEqual(await query(joined, BOTH_DAYS));
      // Three visits share (A's two, B's); only A's first views the page after its share.
      expect(answer[0]).toMatchObject({ units_1: '3', units_2: '1' });
    });
  });

  it('forgets an erased visitor, and is made from link_hits in a folder from before it', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await loadsAndChecks(store, async () => {});
    await store.eraseVisitor('B');
    await store.close();
    await readingStoreFile(dir, async (query) => {
      expect(await query(KEPT)).toEqual(await query(DIRECT));
      expect(await query('SELECT count(*) AS n FROM link_hit_visits')).toEqual([{ n: '4' }]);
      await query('DROP TABLE link_hit_visits');
    });
    const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await reopened.close();
    await readingStoreFile(dir, async (query) => {
      expect(await query(KEPT)).toEqual(await query(DIRECT));
      expect(await query('SELECT count(*) AS n FROM link_hit_visits')).toEqual([{ n: '4' }]);
    });
  });

  it('is made again with the report tables, from the raw hits loaded a day at a time', async () => {
    const store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await loadsAndChecks(store, async () => {});
    await store.close();
    const before = await readingStoreFile(dir, async (query) => {
      const kept = await query(KEPT);
      // A derivation this release does not know: the next start makes every report table again.
      await query('UPDATE report_extent SET derivation = -1');
      return kept;
    });
    const reopened = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP));
    await reopened.close();
    await readingStoreFile(dir, async (query) => {
      expect(await query('SELECT derivation FROM report_extent')).not.toEqual([{ derivation: -1 }]);
      expect(await query(KEPT)).toEqual(await query(DIRECT));
      expect(await query(KEPT)).toEqual(before);
    });
  });
});
