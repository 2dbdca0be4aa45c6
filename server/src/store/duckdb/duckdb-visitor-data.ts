/** A visitor's rows in DuckDB: counted, streamed, or erased (queries/visitor-data.ts says how each table keys them). */
import type { DuckDBConnection } from '@duckdb/node-api';
import { remakeMediaCells, visitorMediaCellDays } from './media-cells.js';
import { remakeReportCells, visitorCellDays } from './report-cells.js';
import { remakePageCells, visitorPageCellDays } from './page-cells.js';
import { remakePageEngagementCells, visitorPageEngagementDays } from './page-engagement-cells.js';
import { remakeTransitionCells } from './page-transition-cells.js';
import { shiftReportExtent } from './report-extent.js';
import { VISITOR_COUNTS, VISITOR_DELETES, VISITOR_SELECT } from '../queries/visitor-data.js';
import type { VisitorDataSection, VisitorRowCounts } from '../visitor-data-store.js';

export async function visitorRowCounts(connection: DuckDBConnection, visitorId: string): Promise<VisitorRowCounts> {
  const result = await connection.runAndReadAll(VISITOR_COUNTS, { visitor: visitorId });
  const row = result.getRowObjectsJson()[0] ?? {};
  return {
    hits: Number(row.hits ?? 0),
    heartbeats: Number(row.heartbeats ?? 0),
    mediaSessions: Number(row.media_sessions ?? 0),
    decisionEvents: Number(row.decision_events ?? 0),
  };
}

export async function* visitorRows(connection: DuckDBConnection, visitorId: string, section: VisitorDataSection): AsyncIterable<Record<string, unknown>[]> {
  const result = await connection.stream(VISITOR_SELECT[section], { visitor: visitorId });
  for await (const rows of result.yieldRowObjectJson()) yield rows as Record<string, unknown>[];
}

/** Counts first, then deletes, in one transaction: the answer is exactly what was deleted. */
export async function eraseVisitor(connection: DuckDBConnection, visitorId: string): Promise<VisitorRowCounts> {
  const visitor = { visitor: visitorId };
  await connection.run('BEGIN TRANSACTION');
  try {
    const counts = await visitorRowCounts(connection, visitorId);
    const cellDays = await visitorCellDays(connection, visitorId);
    const pageCellDays = await visitorPageCellDays(connection, visitorId);
    const mediaCellDays = await visitorMediaCellDays(connection, visitorId);
    const engagementDays = await visitorPageEngagementDays(connection, visitorId);
    for (const sql of Object.values(VISITOR_DELETES)) await connection.run(sql, visitor);
    // The roll-ups hold the visitor's key and counts: their days are made again without the visitor.
    await remakeReportCells(connection, cellDays);
    await remakePageCells(connection, pageCellDays);
    await remakeTransitionCells(connection, pageCellDays);
    await remakeMediaCells(connection, mediaCellDays);
    await remakePageEngagementCells(connection, engagementDays);
    await shiftReportExtent(connection, { hits: -counts.hits, heartbeats: -counts.heartbeats });
    await connection.run('COMMIT');
    return counts;
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}
