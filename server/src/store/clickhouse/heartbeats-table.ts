import type { HeartbeatRow } from '../heartbeat-row.js';
import { HEARTBEAT_COLUMNS } from '../heartbeats-schema.js';
import type { EventTable } from './event-table.js';
import { suiteAndDayScope } from './suite-day-scope.js';

/**
 * `heartbeats`: heartbeats-schema.ts's columns (the wire's from @mesura/protocol's HEARTBEAT_FIELDS),
 * partitioned by month of `day`, sorted for the media reports: report suite and day, then the
 * content and the session a media session is made of, in the client's time order.
 */
export function heartbeatsTable(): EventTable {
  return {
    name: 'heartbeats',
    columns: HEARTBEAT_COLUMNS,
    partitionBy: 'toYYYYMM(day)',
    orderBy: ['report_suite', 'day', 'content_id', 'session_id', 'ts_ms'],
    scope: (rows) => suiteAndDayScope(rows as readonly HeartbeatRow[]),
    fixedFields: { kind: 'heartbeat' },
  };
}
