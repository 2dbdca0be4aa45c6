// Visit roll-up benchmark (server/src/store/clickhouse/visit-rollup.ts, day-rollup-*.ts): generates a
// month of page views straight into a fresh Debian ClickHouse (rollup-bench-clickhouse.mjs), times
// the visit reports and a page ranking (entries are visits') with every visit cut from the hits as
// the report reads them (the baseline), builds the closed days' visits as an API node's job does,
// and times the same reports read from the roll-up, in the same process. Prints the build's time,
// each report's median and the ratio rolled-up / cut.
// Usage: npm run bench:visit-rollup [-- days [pageViewsPerDay]]  (default 30 days of 100,000)
import {
  CLICKHOUSE_IN_RANGE,
  CLICKHOUSE_PAGE_ENTRIES,
  CLICKHOUSE_VISITS,
  ClickHouseAnalyticsReader,
  DayRollupJob,
  VISIT_ROLLUP,
  audienceSeriesQuery,
  computedOnly,
  localDayIn,
} from '@mesura/server/tooling';
import { BENCH_DATABASE, DAY_MS, ROUNDS, dayAfter, medianMs, ratio, shown, withBenchClickHouse } from './rollup-bench-clickhouse.mjs';

const DAYS = Number(process.argv[2] ?? 30);
const PAGE_VIEWS_PER_DAY = Number(process.argv[3] ?? 100_000);
/** About three page views per visitor a day, two minutes apart: one visit each. */
const VISITORS_PER_DAY = Math.round(PAGE_VIEWS_PER_DAY / 3);
const SUITE = 'mesuradev';
const TIME_ZONE = 'Europe/Madrid';
const FIRST_DAY = '2026-10-01';

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

/** Page views of one day: visitor v's k-th page two minutes after its (k-1)-th, its first at a time of day of its own. */
function pageViewsSql(dayIndex) {
  const dayStartMs = Date.parse(`${FIRST_DAY}T00:00:00Z`) + dayIndex * DAY_MS;
  return `INSERT INTO ${BENCH_DATABASE}.hits (event_id, report_suite, environment, received_at, day, hit_type, visitor_id, visitor_id_source,
      page_name, url, referrer, events, context_data, other_variables, device_class, is_bot, browser_name, os_name, library_version, section)
    SELECT concat('e-${dayIndex}-', toString(number)) AS event_id, '${SUITE}', 'production',
      ${dayStartMs} + (intHash32(number % ${VISITORS_PER_DAY}) % 72000) * 1000 + intDiv(number, ${VISITORS_PER_DAY}) * 120000,
      toDate('${dayAfter(FIRST_DAY, dayIndex)}'), 'page_view', concat('v-', toString(number % ${VISITORS_PER_DAY} + ${dayIndex % 7} * ${VISITORS_PER_DAY})), 'mid',
      concat('pagina-', toString(number % 500)), concat('https://example.cat/', toString(number % 500)),
      if(number % 4 = 0, 'https://www.google.es/', NULL), '[]', '{}', '{}', if(number % 3 = 0, 'mobile', 'desktop'), 0,
      ['Chrome', 'Firefox', 'Safari', 'Edge'][number % 4 + 1], 'Linux', '1', ['noticies', 'esports', 'cultura'][number % 3 + 1]
    FROM numbers(${PAGE_VIEWS_PER_DAY})`;
}

/** Each query's median over the range, with the given sources (none: the reader's own). */
async function timeQueries(reader, range, sources = {}) {
  const times = {};
  for (const query of QUERIES) times[query.name] = await medianMs(() => reader.read(query, { suite: SUITE, ...range, ...sources }));
  return times;
}

await withBenchClickHouse('visits', async (transport) => {
  let started = performance.now();
  for (let d = 0; d < DAYS; d += 1) await transport.command(pageViewsSql(d));
  await transport.command(`OPTIMIZE TABLE ${BENCH_DATABASE}.hits FINAL`);
  console.log(`${(DAYS * PAGE_VIEWS_PER_DAY).toLocaleString('en')} page views over ${DAYS} days generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const last = dayAfter(FIRST_DAY, DAYS - 1);
  // A week and the whole month, each ending on the last day.
  const ranges = [...new Set([7, DAYS])].filter((n) => n <= DAYS).map((n) => ({ days: n, from: dayAfter(last, 1 - n), to: last }));
  const reader = new ClickHouseAnalyticsReader(transport, { timeZone: TIME_ZONE });
  const cut = [];
  for (const range of ranges) cut.push(await timeQueries(reader, range, computedOnly(VISIT_ROLLUP, range)));

  const rollup = new DayRollupJob(VISIT_ROLLUP, { transport, database: BENCH_DATABASE, timeZone: TIME_ZONE, localDay: localDayIn(TIME_ZONE), retentionDays: 3650 });
  started = performance.now();
  const run = await rollup.run(Date.parse(`${last}T12:00:00Z`) + 3 * DAY_MS);
  const buildS = (performance.now() - started) / 1000;
  const [visits] = await transport.query(`SELECT count() AS n FROM ${BENCH_DATABASE}.visit_rollup`);
  await transport.command(`OPTIMIZE TABLE ${BENCH_DATABASE}.visit_rollup FINAL`);
  const [size] = await transport.query(`SELECT sum(bytes_on_disk) AS bytes FROM system.parts WHERE database = '${BENCH_DATABASE}' AND table = 'visit_rollup' AND active`);
  const perVisit = Number(size.bytes) / Number(visits.n);
  console.log(
    `roll-up: ${run.built} days built in ${buildS.toFixed(1)} s (${(buildS / run.built).toFixed(2)} s a day), ${Number(visits.n).toLocaleString('en')} visits, ${perVisit.toFixed(1)} bytes a visit on disk`,
  );

  for (const [i, range] of ranges.entries()) {
    const rolled = await timeQueries(reader, range);
    for (const query of QUERIES) {
      const [a, b] = [cut[i][query.name], rolled[query.name]];
      console.log(`${query.name} over ${range.days} days: cut from the hits ${shown(a)}, from the roll-up ${shown(b)}${ratio(a, b)} (median of ${ROUNDS})`);
    }
  }
});
