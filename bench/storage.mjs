// The storage benchmark (docs/capacity.md): stores a realistic mix of events through each engine's
// real write path and prints the bytes on disk per stored event, per engine and per kind.
//
// The mix, over DAYS days, in receive order, as the collector's ingest log holds it: site hits
// (page views, link hits, engagement hits: bench/reports-traffic.mjs), media (each play's
// heartbeats from the real tracker on the §9 cadence, a play heartbeat every 10 s and an ad
// heartbeat every second, and its start hit: bench/reports-media-traffic.mjs) and decision events
// made from the page views (bench/decision-traffic.mjs). The shares of the kinds only set how many rows each table gets to
// be measured on: each kind has a table of its own, and the capacity model multiplies each one's
// bytes per event by a broadcaster's counts.
//
// DuckDB: ingest-log segment files stored by storeSegment (as bench/reports.mjs and the
// collector's loader do: each segment one batch) into a fresh store; the file's size after
// CHECKPOINT (the store's close), then each table copied alone into a fresh file, for its share.
// ClickHouse (MESURA_STORE, else MESURA_TEST_CLICKHOUSE; skipped when neither is set): the same
// segments stored by storeSegment through the collector's batch sink (batches of DRAIN_BATCH_ROWS)
// into a database of its own, then OPTIMIZE … FINAL and system.parts' bytes_on_disk per table; the
// database is dropped at the end.
// Loopback only (the ClickHouse URL is the operator's), bounded by HARD_LIMIT_MS, stops by itself.
// Usage: npm run bench:storage [-- events]   (default 1 000 000)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { clickHouseBatchSink, openClickHouseEvents, openDuckDbStore, sqlIdentifier, sqlString, storeSegment } from '@mesura/server/tooling';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { CONVERSIONS_PER_IMPRESSION, IMPRESSIONS_PER_PAGE_VIEW, createDecisionTraffic } from './decision-traffic.mjs';
import { mediaTrafficByHour } from './reports-media-traffic.mjs';
import { hitTrafficByHour } from './reports-traffic.mjs';
import { runBounded } from './server-process.mjs';

const EVENTS = Number(process.argv[2] ?? 1_000_000);
/** Share of the events that are media rows (heartbeats and start hits); decisions come from the page views. */
const MEDIA_SHARE = 0.55;
/** Few days, so that each day holds many rows, as a broadcaster's day does (compression works per sorted day). */
const DAYS = 2;
const SEGMENT_ROWS = 250_000;
const HARD_LIMIT_MS = 30 * 60 * 1000;
const DAY_MS = 86_400_000;
const DUCKDB_FILE = 'mesura.duckdb';
/** OPTIMIZE … FINAL rewrites a table's parts whole: on a loaded machine that takes minutes, not the store's 30 s. */
const CLICKHOUSE_OPTIMIZE_TIMEOUT_MS = 15 * 60 * 1000;
/** The events tables, and the DuckDB report tables made from heartbeats; every other table with rows is a report table made from hits. */
const EVENT_TABLES = ['hits', 'heartbeats', 'decision_events'];
const HEARTBEAT_REPORT_TABLES = ['media_sessions', 'live_minutes'];

const kindOf = (row) => (!('kind' in row) ? 'hits' : row.kind === 'decision' ? 'decisions' : 'heartbeats');
const mb = (bytes) => (bytes / 1_048_576).toFixed(1);

/** What the mix holds, for the capacity model's ratios (link hits per page view, heartbeats per play…). */
function newCensus() {
  return { pageViews: 0, linkHits: 0, engagementHits: 0, mediaStarts: 0, heartbeats: 0, adHeartbeats: 0, decisions: 0, conversions: 0, sessions: new Set(), contentMs: 0 };
}

function count(census, row) {
  const kind = kindOf(row);
  if (kind === 'hits') {
    if (row.hitType === 'page_view') census.pageViews++;
    else if (row.hitType === 'media_start') census.mediaStarts++;
    else if (row.hitType === 'page_engagement') census.engagementHits++;
    else census.linkHits++;
  } else if (kind === 'heartbeats') {
    census.heartbeats++;
    census.sessions.add(row.sessionId);
    if (row.assetType === 'ad') census.adHeartbeats++;
    else if (row.eventType === 'play') census.contentMs += row.durationMs;
  } else {
    census.decisions++;
    if (row.type === 'conversion') census.conversions++;
  }
}

/** Writes the mix as ingest-log segment files of about SEGMENT_ROWS lines; returns them with their kinds. */
async function writeSegments(dir, census) {
  const firstDayMs = Date.parse(new Date(Date.now() - DAYS * DAY_MS).toISOString().slice(0, 10));
  const mediaEvents = Math.round(EVENTS * MEDIA_SHARE);
  // Hits and the decisions of their page views make the rest (link hits give none: a slight overshoot).
  const hitEvents = Math.round((EVENTS - mediaEvents) / (1 + IMPRESSIONS_PER_PAGE_VIEW * (1 + CONVERSIONS_PER_IMPRESSION)));
  const media = mediaTrafficByHour({ events: mediaEvents, days: DAYS, firstDayMs });
  const decisionsOf = createDecisionTraffic();
  const segments = [];
  let batch = [];
  const flush = () => {
    const file = path.join(dir, `${String(segments.length).padStart(12, '0')}.ndjson`);
    const kinds = { hits: false, heartbeats: false, decisions: false };
    for (const row of batch) kinds[kindOf(row)] = true;
    writeFileSync(file, `${batch.map((row) => JSON.stringify(row)).join('\n')}\n`);
    segments.push({ file, kinds, rows: batch.length });
    batch = [];
  };
  const add = (rows) => {
    for (const row of rows) count(census, row);
    batch.push(...rows);
    if (batch.length >= SEGMENT_ROWS) flush();
  };
  for (const hourHits of hitTrafficByHour({ events: hitEvents, days: DAYS, firstDayMs })) {
    const { value: hourMedia = [] } = await media.next();
    const time = (row) => row.receivedAtMs ?? row.atMs;
    add([...hourHits, ...hourMedia, ...decisionsOf(hourHits)].sort((a, b) => time(a) - time(b)));
  }
  // The heartbeats of plays still running when the last hour ends.
  for await (const rest of media) add(rest);
  if (batch.length > 0) flush();
  return segments;
}

/** Stores every segment in a fresh DuckDB store through storeSegment; the close checkpoints. */
async function fillDuckDb(dataDir, segments) {
  const store = await openDuckDbStore(dataDir, variableNames(SITE_VARIABLE_MAP));
  const started = performance.now();
  let stored = 0;
  try {
    for (const { file, kinds } of segments) stored += await storeSegment(store, { file, kinds }, { skipStored: false });
  } finally {
    await store.close();
  }
  return { stored, seconds: (performance.now() - started) / 1000 };
}

/** Each table's rows and bytes: the table copied alone into a fresh file, less an empty file's size. */
async function duckDbTableSizes(dataDir) {
  const instance = await DuckDBInstance.create(path.join(dataDir, DUCKDB_FILE));
  const connection = await instance.connect();
  const rowsOf = async (sql) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
  const copySize = async (name, fill) => {
    const file = path.join(dataDir, `copy-${name}.duckdb`);
    await connection.run(`ATTACH '${file}' AS copy`);
    if (fill) await connection.run(`CREATE TABLE copy.${name} AS SELECT * FROM main.${name}`);
    await connection.run('CHECKPOINT copy');
    await connection.run('DETACH copy');
    const size = statSync(file).size;
    rmSync(file);
    return size;
  };
  try {
    const empty = await copySize('empty', false);
    const tables = await rowsOf("SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' ORDER BY table_name");
    const sizes = [];
    for (const { table_name: name } of tables) {
      const [{ n }] = await rowsOf(`SELECT count(*) AS n FROM main.${name}`);
      if (Number(n) === 0) continue;
      sizes.push({ table: name, rows: Number(n), bytes: (await copySize(name, true)) - empty });
    }
    return sizes;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function measureDuckDb(segments) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-storage-duckdb-'));
  try {
    const { stored, seconds } = await fillDuckDb(dataDir, segments);
    const fileBytes = statSync(path.join(dataDir, DUCKDB_FILE)).size;
    console.log(`duckdb: ${stored} rows loaded in ${seconds.toFixed(1)} s; file after CHECKPOINT ${mb(fileBytes)} MiB`);
    return { fileBytes, tables: await duckDbTableSizes(dataDir) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The ClickHouse to measure on, with a database of the bench's own in place of the URL's. */
function clickHouseUrl() {
  const given = process.env.MESURA_STORE ?? process.env.MESURA_TEST_CLICKHOUSE;
  if (!given?.startsWith('clickhouse://')) return undefined;
  const url = new URL(given);
  url.pathname = `/mesura_bench_storage_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

async function measureClickHouse(url, segments) {
  const events = await openClickHouseEvents({ url, variables: variableNames(SITE_VARIABLE_MAP), now: Date.now, requestTimeoutMs: CLICKHOUSE_OPTIMIZE_TIMEOUT_MS });
  const sink = clickHouseBatchSink({
    writer: events.writer,
    collector: 'bench-storage',
    location: events.location,
    onLeftOut: ({ batchId, refused, skippedLines }) => console.log(`clickhouse: ${batchId} left out ${refused.length} rows, ${skippedLines} lines`),
  });
  const database = events.location.database;
  try {
    const started = performance.now();
    let stored = 0;
    for (const { file, kinds } of segments) stored += await storeSegment(sink, { file, kinds }, { skipStored: false });
    console.log(`clickhouse: ${stored} rows drained in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const tables = await events.transport.query(`SELECT name FROM system.tables WHERE database = ${sqlString(database)}`);
    for (const { name } of tables) await events.transport.command(`OPTIMIZE TABLE ${sqlIdentifier(database)}.${sqlIdentifier(name)} FINAL`);
    const parts = await events.transport.query(
      `SELECT table, sum(rows) AS rows, sum(bytes_on_disk) AS bytes FROM system.parts WHERE database = ${sqlString(database)} AND active GROUP BY table ORDER BY table`,
    );
    return { tables: parts.map((p) => ({ table: p.table, rows: Number(p.rows), bytes: Number(p.bytes) })) };
  } finally {
    await events.transport.command(`DROP DATABASE IF EXISTS ${sqlIdentifier(database)}`);
    await events.close();
  }
}

function printTables(engine, tables) {
  for (const { table, rows, bytes } of tables) {
    console.log(`${engine.padEnd(10)} ${table.padEnd(22)} ${String(rows).padStart(10)} rows ${mb(bytes).padStart(9)} MiB ${(bytes / rows).toFixed(1).padStart(8)} B/row`);
  }
}

/**
 * Bytes per stored event of each kind: its table's bytes per row; on DuckDB also the report tables
 * per hit and the media sessions per heartbeat, and every table scaled by `scale` (the file's size over the sum of the tables copied
 * alone: the free and partly filled blocks incremental loads leave); on ClickHouse the batch
 * journal shared out over every event.
 */
function perEvent(engine, tables, scale = 1) {
  const byName = new Map(tables.map((t) => [t.table, t]));
  const bytesPer = (name) => (byName.has(name) ? (scale * byName.get(name).bytes) / byName.get(name).rows : 0);
  const hits = byName.get('hits')?.rows ?? 0;
  const sumOf = (list) => scale * list.reduce((sum, t) => sum + t.bytes, 0);
  const rollUps = tables.filter((t) => !EVENT_TABLES.includes(t.table) && t.table !== 'event_batches');
  const reportBytes = sumOf(rollUps.filter((t) => !HEARTBEAT_REPORT_TABLES.includes(t.table)));
  const sessionBytes = sumOf(rollUps.filter((t) => HEARTBEAT_REPORT_TABLES.includes(t.table)));
  const heartbeats = byName.get('heartbeats')?.rows ?? 0;
  const eventRows = EVENT_TABLES.reduce((sum, name) => sum + (byName.get(name)?.rows ?? 0), 0);
  const journalPerEvent = (byName.get('event_batches')?.bytes ?? 0) / eventRows;
  const figures = {
    hits: bytesPer('hits') + journalPerEvent,
    reportTablesPerHit: hits > 0 ? reportBytes / hits : 0,
    heartbeats: bytesPer('heartbeats') + journalPerEvent,
    sessionsPerHeartbeat: heartbeats > 0 ? sessionBytes / heartbeats : 0,
    decisions: bytesPer('decision_events') + journalPerEvent,
  };
  console.log(
    `storage ${engine}: hits ${figures.hits.toFixed(1)} B/event` +
      (engine === 'duckdb'
        ? ` (+ report tables ${figures.reportTablesPerHit.toFixed(1)} B per hit; tables scaled by ${scale.toFixed(3)} to the file)`
        : ` (journal ${journalPerEvent.toFixed(2)} B/event included)`) +
      `, heartbeats ${figures.heartbeats.toFixed(1)} B/event` +
      (engine === 'duckdb' ? ` (+ media sessions ${figures.sessionsPerHeartbeat.toFixed(1)} B per heartbeat)` : '') +
      `, decisions ${figures.decisions.toFixed(1)} B/event`,
  );
  return figures;
}

function printCensus(census) {
  const plays = census.sessions.size;
  console.log(
    `mix: ${census.pageViews} page views, ${census.linkHits} link hits (${(census.linkHits / census.pageViews).toFixed(3)} per page view), ` +
      `${census.engagementHits} engagement hits (${(census.engagementHits / census.pageViews).toFixed(3)} per page view), ` +
      `${plays} plays with ${census.mediaStarts} start hits, ${census.heartbeats} heartbeats (${(census.heartbeats / plays).toFixed(1)} per play, ` +
      `${(census.adHeartbeats / plays).toFixed(1)} of them ad heartbeats; content played ${(census.contentMs / plays / 1000).toFixed(0)} s per play), ` +
      `${census.decisions} decision events (${(census.decisions / census.pageViews).toFixed(3)} per page view, ${census.conversions} conversions)`,
  );
}

async function main() {
  const segmentDir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-storage-segments-'));
  try {
    const census = newCensus();
    const started = performance.now();
    const segments = await writeSegments(segmentDir, census);
    const rows = segments.reduce((sum, s) => sum + s.rows, 0);
    console.log(`bench:storage: ${rows} events over ${DAYS} days in ${segments.length} segments, made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    printCensus(census);
    const duckdb = await measureDuckDb(segments);
    printTables('duckdb', duckdb.tables);
    const summed = duckdb.tables.reduce((sum, t) => sum + t.bytes, 0);
    console.log(`duckdb: tables copied alone sum to ${mb(summed)} MiB of the file's ${mb(duckdb.fileBytes)} MiB`);
    perEvent('duckdb', duckdb.tables, duckdb.fileBytes / summed);
    const url = clickHouseUrl();
    if (url === undefined) {
      console.log('clickhouse: skipped (set MESURA_STORE or MESURA_TEST_CLICKHOUSE to clickhouse://… to measure it)');
      return;
    }
    const clickhouse = await measureClickHouse(url, segments);
    printTables('clickhouse', clickhouse.tables);
    perEvent('clickhouse', clickhouse.tables);
  } finally {
    rmSync(segmentDir, { recursive: true, force: true });
  }
}

runBounded('bench:storage', main, HARD_LIMIT_MS, () => undefined);
