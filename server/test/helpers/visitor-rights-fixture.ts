/**
 * Rows of two visitors for the rights and retention tests on both engines (helpers/both-engines.ts):
 * hits, a media session whose first heartbeat precedes the visitor id, decision events keyed by the
 * analytics id and by the device key alone, and a hit resent in a later segment (ClickHouse keeps
 * both copies, DuckDB's load one).
 */
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import type { LogRecord } from '../../src/ingest/ingest-log.js';
import type { DecisionEventRow } from '../../src/store/decision-row.js';
import type { HeartbeatRow } from '../../src/store/heartbeat-row.js';
import type { HitRow } from '../../src/store/hit-row.js';
import { decisionRow, heartbeatRow, hitRow } from './event-rows.js';
import { OTHER_VISITOR, REPLAY_VISITOR } from './visitor-traces.js';

export const VISITOR = REPLAY_VISITOR;
export const OTHER = OTHER_VISITOR;
export const FIXTURE_TIME_ZONE = 'Europe/Madrid';
/** The site's variables, as every server over ClickHouse makes the columns of. */
export const FIXTURE_VARIABLES = variableNames(SITE_VARIABLE_MAP);

/** Noon UTC of a day: the same day in Madrid. */
export function noonOf(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}

export function pageView(eventId: string, visitorId: string, day: string, pageName: string, overrides: Partial<HitRow> = {}): HitRow {
  const at = noonOf(day) + Number(eventId.replace(/\D/g, '') || 0) * 1000;
  return hitRow(eventId, { visitorId, day, receivedAtMs: at, clientTimeMs: at - 500, pageName, reportSuite: 'mesuraprod', ...overrides });
}

export function heartbeat(id: string, sessionId: string, visitorId: string | null, day: string, offsetS: number): HeartbeatRow {
  const at = noonOf(day) + offsetS * 1000;
  return { ...heartbeatRow(offsetS, at), heartbeatId: id, sessionId, visitorId, day, reportSuite: 'mesuraprod' } as HeartbeatRow;
}

export function decision(id: string, deviceKey: string, analyticsVisitorId: string | null, atMs: number): DecisionEventRow {
  return { ...decisionRow(id, atMs), visitorKey: deviceKey, analyticsVisitorId };
}

/** Two segments: everything, then the resent copy of VISITOR's first page view. */
export function visitorRightsSegments(): LogRecord[][] {
  const day = '2026-03-10';
  const first = pageView('e1', VISITOR, day, 'mesura:portada');
  return [
    [
      first,
      pageView('e2', VISITOR, day, 'noticies:x', { variables: { section: 'noticies', pageType: 'article' } }),
      pageView('e3', VISITOR, '2026-03-11', 'esports:y', { variables: { section: 'esports' } }),
      pageView('e4', VISITOR, day, 'mesura:portada', { hitType: 'link_o', linkName: 'comparteix', linkUrl: 'https://example.cat/' }),
      pageView('e5', OTHER, day, 'mesura:portada'),
      pageView('e6', OTHER, '2026-03-11', 'noticies:x'),
      // VISITOR's session: its first heartbeat carries no visitor id yet.
      heartbeat('hb-1', 'session-v', null, day, 1),
      heartbeat('hb-2', 'session-v', VISITOR, day, 11),
      heartbeat('hb-3', 'session-v', VISITOR, day, 21),
      heartbeat('hb-4', 'session-o', OTHER, day, 5),
      heartbeat('hb-5', 'session-o', OTHER, day, 15),
      // The device key k-v was seen with VISITOR's id once; its later request carried only the key.
      decision('d-1', 'k-v', VISITOR, noonOf(day)),
      decision('d-2', 'k-v', null, noonOf(day) + 60_000),
      decision('d-3', 'k-o', OTHER, noonOf(day)),
      decision('d-4', 'k-x', null, noonOf(day)),
    ],
    [{ ...first }],
  ];
}

/** Whether a stored row (as readEventRows answers) is VISITOR's, as the fixture made it. */
export function isVisitorsRow(row: LogRecord): boolean {
  if ('kind' in row && row.kind === 'heartbeat') return row.sessionId === 'session-v';
  if ('kind' in row && row.kind === 'decision') return row.visitorKey === 'k-v';
  return (row as HitRow).visitorId === VISITOR;
}
