// Visit roll-up benchmark (server/src/store/clickhouse/visit-rollup.ts, day-rollup-*.ts): generates a month of page
// views straight into a fresh Debian ClickHouse (scripts/services/clickhouse.sh, loopback, free
// ports), times the visit reports and a page ranking (entries are visits') with every visit cut from
// the hits as the report reads them (the baseline), builds the closed days' visits as an API node's
// job does, and times the same reports read from the roll-up, in the same process. Prints the build's time, each report's median and the
// ratio rolled-up / cut. Stops ClickHouse and removes its folder; a hard limit ends a stuck run.
// Usage: npm run bench:visit-rollup [-- days [pageViewsPerDay]]  (default 30 days of 100,000)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SITE_VARIABLE_MAP, variableNames } from '../packages/protocol/dist/index.js';
import { localDayIn } from '../server/dist/local-day.js';
import { audienceSeriesQuery } from '../server/dist/reports/queries/audience-series.js';
import { ClickHouseAnalyticsReader } from '../server/dist/store/clickhouse/clickhouse-analytics-reader.js';
import { createClickHouseTransport } from '../server/dist/store/clickhouse/clickhouse-transport.js';
import { parseClickHouseUrl } from '../server/dist/store/clickhouse/clickhouse-url.js';
import { ensureSchema, eventTables } from '../server/dist/store/clickhouse/ensure-schema.js';
import { DayRollupJob } from '../server/dist/store/clickhouse/day-rollup-job.js';
import { computedOnly } from '../server/dist/store/clickhouse/day-rollup-reads.js';
import { CLICKHOUSE_IN_RANGE, CLICKHOUSE_PAGE_ENTRIES, CLICKHOUSE_VISITS } from '../server/dist/store/clickhouse/report-facts-sql.js';
import { VISIT_ROLLUP } from '../server/dist/store/clickhouse/visit-rollup.js';
import { clickHouseService, freePort } from '../scripts/cluster/cluster-processes.mjs';

const DAYS = Number(process.argv[2] ?? 30);
const PAGE_VIEWS_PER_DAY = Number(process.argv[3] ?? 100_000);
/** About three page views per visitor a day, two minutes apart: one visit each. */
const VISITORS_PER_DAY = Math.round(PAGE_VIEWS_PER_DAY / 3);
const ROUNDS = 3;
const HARD_LIMIT_MS = 30 * 60 * 1000;
const SUITE = 'mesuradev';
const TIME_ZONE = 'Europe/Madrid';
const FIRST_DAY = '2026-10-01';
const DAY_MS = 86_400_000;

/** The reports timed: the audience series (every visit), a ranking of visits by browser, and the page ranking's rows (page views and entries per page). */
const QUERIES = [
  audienceSeriesQuery('day', ''),
  {
    name: 'visits by browser',
    clickhouse: `SELECT browser, count() AS visits, uniq(visitor_key) AS visitors, countIf(page_views = 1) AS bounces
      FROM ${CLICKHOUSE_VISITS} AS visits WHERE ${CLICKHOUSE_IN_RANGE} GROUP BY browser ORDER BY visits DESC`,
  },
  {
    name: 'pages by url',
    clickhouse: `SELECT url, nullIf(uniqExactIf(event_key, is_entry = 0), 0) AS page_views, sum(toNullable(is_entry)) AS entries
      FROM ${CLICKHOUSE_PAGE_ENTRIES} AS pages WHERE ${CLICKHOUSE_IN_RANGE} GROUP BY url ORDER BY page_views DESC, url LIMIT 50`,
  },
];

const dir = mkdtempSync(path.join(tmpdir(), 'mesura-bench-visits-'));
const clickHouse = clickHouseService(path.join(dir, 'clickhouse'), { httpPort: await freePort(), tcpPort: await freePort(), database: 'bench' });
const limit = setTimeout(() => {
  console.error(`visit roll-up bench: over ${HARD_LIMIT_MS / 60_000} min, stopping`);
  clickHouse.stopNow();
  process.exit(1);
}, HARD_LIMIT_MS);
limit.unref();

/** Page views of one day: visitor v's k-th page two minutes after its (k-1)-th, its first at a time of day of its own. */
function pageViewsSql(dayIndex) {
  const dayStartMs = Date.parse(`${FIRST_DAY}T00:00:00Z`) + dayIndex * DAY_MS;
  const day = new Date(dayStartMs).toISOString().slice(0, 10);
  return `INSERT INTO bench.hits (event_id, report_suite, environment, received_at, day, hit_type, visitor_id, visitor_id_source,
      page_name, url, referrer, events, context_data, other_variables, device_class, is_bot, browser_name, os_name, library_version, section)
    SELECT concat('e-${dayIndex}-', toString(number)) AS event_id, '${SUITE}', 'production',
      ${dayStartMs} + (intHash32(number % ${VISITORS_PER_DAY}) % 72000) * 1000 + intDiv(number, ${VISITORS_PER_DAY}) * 120000,
      toDate('${day}'), 'page_view', concat('v-', toString(number % ${VISITORS_PER_DAY} + ${dayIndex % 7} * ${VISITORS_PER_DAY})), 'mid',
      concat('pagina-', toString(number % 500)), concat('https://example.cat/', toString(number % 500)),
      if(number % 4 = 0, 'https://www.google.es/', NULL), '[]', '{}', '{}', if(number % 3 = 0, 'mobile', 'desktop'), 0,
      ['Chrome', 'Firefox', 'Safari', 'Edge'][number % 4 + 1], 'Linux', '1', ['noticies', 'esports', 'cultura'][number % 3 + 1]
    FROM numbers(${PAGE_VIEWS_PER_DAY})`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Each query's median time over the range, or the one-line error it failed with (a memory limit). */
async function timeQueries(reader, range, sources) {
  const times = {};
  for (const query of QUERIES) {
    const runs = [];
    try {
      for (let i = 0; i < ROUNDS; i += 1) {
        const started = performance.now();
        await reader.read(query, { suite: SUITE, ...range, ...sources });
        runs.push(performance.now() - started);
      }
      times[query.name] = median(runs);
    } catch (error) {
      times[query.name] = `failed: ${String(error.message).slice(0, 120)}`;
    }
  }
  return times;
}

const dayAfter = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A week and the whole month, each ending on the last day. */
const rangesOf = (last) => [...new Set([7, DAYS])].filter((n) => n <= DAYS).map((n) => ({ days: n, from: dayAfter(last, 1 - n), to: last }));
const cutFrom = (range) => computedOnly(VISIT_ROLLUP, range);
const shown = (time) => (typeof time === 'number' ? `${time.toFixed(0)} ms` : time);

try {
  await clickHouse.start();
  const location = parseClickHouseUrl(clickHouse.url);
  const server = createClickHouseTransport({ ...location, database: 'default' });
  await ensureSchema(server, 'bench', eventTables({ variables: variableNames(SITE_VARIABLE_MAP) }));
  await server.close();
  const transport = createClickHouseTransport(location, { database: 'bench', requestTimeoutMs: 10 * 60_000 });
  let started = performance.now();
  for (let d = 0; d < DAYS; d += 1) await transport.command(pageViewsSql(d));
  await transport.command('OPTIMIZE TABLE bench.hits FINAL');
  console.log(`${(DAYS * PAGE_VIEWS_PER_DAY).toLocaleString('en')} page views over ${DAYS} days generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const last = dayAfter(FIRST_DAY, DAYS - 1);
  const ranges = rangesOf(last);
  const reader = new ClickHouseAnalyticsReader(transport, { timeZone: TIME_ZONE });
  const cut = [];
  for (const range of ranges) cut.push(await timeQueries(reader, range, cutFrom(range)));

  const rollup = new DayRollupJob(VISIT_ROLLUP, { transport, database: 'bench', timeZone: TIME_ZONE, localDay: localDayIn(TIME_ZONE), retentionDays: 3650 });
  started = performance.now();
  const run = await rollup.run(Date.parse(`${last}T12:00:00Z`) + 3 * DAY_MS);
  const buildS = (performance.now() - started) / 1000;
  const [visits] = await transport.query('SELECT count() AS n FROM bench.visit_rollup');
  await transport.command('OPTIMIZE TABLE bench.visit_rollup FINAL');
  const [size] = await transport.query(`SELECT sum(bytes_on_disk) AS bytes FROM system.parts WHERE database = 'bench' AND table = 'visit_rollup' AND active`);
  const perVisit = Number(size.bytes) / Number(visits.n);
  console.log(`roll-up: ${run.built} days built in ${buildS.toFixed(1)} s (${(buildS / run.built).toFixed(2)} s a day), ${Number(visits.n).toLocaleString('en')} visits, ${perVisit.toFixed(1)} bytes a visit on disk`);

  for (const [i, range] of ranges.entries()) {
    const rolled = await timeQueries(reader, range, {});
    for (const query of QUERIES) {
      const [a, b] = [cut[i][query.name], rolled[query.name]];
      const ratio = typeof a === 'number' && typeof b === 'number' ? `, ratio ${(b / a).toFixed(3)}` : '';
      console.log(`${query.name} over ${range.days} days: cut from the hits ${shown(a)}, from the roll-up ${shown(b)}${ratio} (median of ${ROUNDS})`);
    }
  }
  await transport.close();
} finally {
  await clickHouse.stop();
  rmSync(dir, { recursive: true, force: true });
  clearTimeout(limit);
}
