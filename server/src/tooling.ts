// The server's entry for its benchmarks (bench/), the demo and operator scripts (scripts/) and the
// end-to-end tests (e2e/): `@mesura/server/tooling`. They reach the server's code only through this
// module and `@mesura/server`, never through paths into server/src or server/dist, so that the
// server's folders can move without breaking tools that the type-check and the layer lint do not
// read. What a tool needs from the server is added here, under its own name.

// Edge limits: benchmarks print the server's defaults they ran under.
export { DEFAULT_EDGE_LIMITS } from './http/edge-limits.js';

// Days in the site's time zone, as the store and the reports count them.
export { localDayIn } from './local-day.js';

// Caches: the collector's recent event ids and their size at the default budget (bench/bounded-cache.mjs).
export { RecentEventIds } from './ingest/recent-event-ids.js';
export { DEFAULT_MEMORY_BUDGET_MIB, RECENT_EVENT_IDS, memoryBudget } from './memory-budget.js';

// Places: the shipped address database, where the demo finds its visitors' home networks.
export { geoDatabaseFiles, openGeolocator } from './ingest/steps/geolocate.js';

// Ingest: segments and heartbeats written to a store as the collector writes them.
export { createHeartbeatPipeline } from './ingest/heartbeat-pipeline.js';
export { storeSegment } from './ingest/segment-batches.js';

// DuckDB store.
export { openDuckDbStore } from './store/duckdb/duckdb-store.js';

// ClickHouse store: connection, schema, sink, readers and day roll-ups.
export { clickHouseBatchSink } from './store/clickhouse/clickhouse-batch-sink.js';
export { ClickHouseAnalyticsReader } from './store/clickhouse/clickhouse-analytics-reader.js';
export { ClickHouseMediaStore } from './store/clickhouse/clickhouse-media-store.js';
export { createClickHouseTransport } from './store/clickhouse/clickhouse-transport.js';
export { parseClickHouseUrl } from './store/clickhouse/clickhouse-url.js';
export { DayRollupJob } from './store/clickhouse/day-rollup-job.js';
export { computedOnly } from './store/clickhouse/day-rollup-reads.js';
export { ensureSchema } from './store/clickhouse/ensure-schema.js';
export { eventTables } from './store/clickhouse/event-tables.js';
export { openClickHouseEvents } from './store/clickhouse/open-clickhouse-events.js';
export { SESSION_ROLLUP } from './store/clickhouse/session-rollup.js';
export { VISIT_ROLLUP } from './store/clickhouse/visit-rollup.js';

// ClickHouse SQL: literals, report facts and a cluster's DDL.
export { clusterSchemaSql } from './store/clickhouse/cluster-sql.js';
export { CLICKHOUSE_IN_RANGE, CLICKHOUSE_PAGE_ENTRIES, CLICKHOUSE_VISITS } from './store/clickhouse/report-facts-sql.js';
export { sqlIdentifier, sqlString } from './store/clickhouse/sql-literal.js';

// Reports: the queries a benchmark times against a store.
export { audienceSeriesQuery } from './store/queries/audience-series.js';

// Personalisation: the seeded activities and how a visitor is assigned an experience.
export { assignmentPoint, experienceAt } from './decide/assignment.js';
export { siteActivities } from './decide/site-activities.js';
