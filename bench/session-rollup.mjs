// Session roll-up benchmark (server/src/store/clickhouse/session-rollup.ts, day-rollup-*.ts):
// generates a month of media plays' heartbeats straight into a fresh Debian ClickHouse
// (rollup-bench-clickhouse.mjs), times the media report (by day, by content) with every session
// derived from its heartbeats as the report reads (the baseline), builds the closed days' sessions as
// an API node's job does, and times the same reports read from the roll-up, in the same process.
// Prints the build's time, each report's median and the ratio rolled-up / derived.
// Usage: npm run bench:session-rollup [-- days [playsPerDay]]  (default 30 days of 20,000 plays)
import { ClickHouseMediaStore, DayRollupJob, SESSION_ROLLUP, localDayIn } from '@mesura/server/tooling';
import { BENCH_DATABASE, DAY_MS, ROUNDS, dayAfter, medianMs, ratio, shown, withBenchClickHouse } from './rollup-bench-clickhouse.mjs';

const DAYS = Number(process.argv[2] ?? 30);
const PLAYS_PER_DAY = Number(process.argv[3] ?? 20_000);
/** A play: a start, a heartbeat every 10 s for five minutes (a buffer among them), a complete. */
const HEARTBEATS_PER_PLAY = 32;
const HEARTBEAT_MS = 10_000;
const SUITE = 'mesuradev';
const TIME_ZONE = 'Europe/Madrid';
const FIRST_DAY = '2026-10-01';
const REPORTS = ['day', 'content'];

/** One day's plays, each starting at a time of day of its own. */
function heartbeatsSql(dayIndex) {
  const dayStartMs = Date.parse(`${FIRST_DAY}T00:00:00Z`) + dayIndex * DAY_MS;
  const k = `number % ${HEARTBEATS_PER_PLAY}`;
  const play = `intDiv(number, ${HEARTBEATS_PER_PLAY})`;
  const ts = `${dayStartMs} + (intHash32(${play}) % 72000) * 1000 + ${k} * ${HEARTBEAT_MS}`;
  return `INSERT INTO ${BENCH_DATABASE}.heartbeats (heartbeat_id, report_suite, environment, received_at, day, visitor_id, player_name,
      library_version, session_id, event_type, duration_ms, ts_ms, asset_type, content_name, content_id, publisher, stream_type, bitrate,
      metadata, customer_ids, device_class, is_bot)
    SELECT concat('h-${dayIndex}-', toString(number)), '${SUITE}', 'production', ${ts} + 150, toDate('${dayAfter(FIRST_DAY, dayIndex)}'),
      concat('v-', toString(${play} % ${Math.round(PLAYS_PER_DAY / 2)})), 'bench', '1', concat('s-${dayIndex}-', toString(${play})),
      multiIf(${k} = 0, 'start', ${k} = ${HEARTBEATS_PER_PLAY - 1}, 'complete', ${k} = 7, 'buffer', 'play'),
      if(${k} = 0, 0, ${HEARTBEAT_MS}), ${ts}, 'main', concat('Programa ', toString(${play} % 300)), concat('c-', toString(${play} % 300)), '',
      'vod', if(${k} = 0, 0, 1500000), '{}', '{}', if(${play} % 3 = 0, 'mobile', 'desktop'), 0
    FROM numbers(${PLAYS_PER_DAY * HEARTBEATS_PER_PLAY})`;
}

await withBenchClickHouse('sessions', async (transport) => {
  let started = performance.now();
  for (let d = 0; d < DAYS; d += 1) await transport.command(heartbeatsSql(d));
  await transport.command(`OPTIMIZE TABLE ${BENCH_DATABASE}.heartbeats FINAL`);
  const heartbeats = DAYS * PLAYS_PER_DAY * HEARTBEATS_PER_PLAY;
  console.log(
    `${heartbeats.toLocaleString('en')} heartbeats of ${(DAYS * PLAYS_PER_DAY).toLocaleString('en')} plays over ${DAYS} days generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const last = dayAfter(FIRST_DAY, DAYS - 1);
  const nowMs = Date.parse(`${last}T12:00:00Z`) + 3 * DAY_MS;
  const ranges = [...new Set([1, 7, DAYS])].filter((n) => n <= DAYS).map((n) => ({ days: n, from: dayAfter(last, 1 - n), to: last }));
  const store = new ClickHouseMediaStore({ transport, database: BENCH_DATABASE });
  const time = (range, by) => medianMs(() => store.mediaReport({ reportSuite: SUITE, from: range.from, to: range.to, nowMs, by, includeBots: false }));
  // Nothing built yet: every session is derived from its heartbeats.
  const derived = [];
  for (const range of ranges) for (const by of REPORTS) derived.push(await time(range, by));

  const rollup = new DayRollupJob(SESSION_ROLLUP, { transport, database: BENCH_DATABASE, timeZone: TIME_ZONE, localDay: localDayIn(TIME_ZONE), retentionDays: 3650 });
  started = performance.now();
  const run = await rollup.run(nowMs);
  const buildS = (performance.now() - started) / 1000;
  const [sessions] = await transport.query(`SELECT count() AS n FROM ${BENCH_DATABASE}.session_rollup`);
  console.log(`roll-up: ${run.built} days built in ${buildS.toFixed(1)} s (${(buildS / run.built).toFixed(2)} s a day), ${Number(sessions.n).toLocaleString('en')} sessions`);

  let i = 0;
  for (const range of ranges) {
    for (const by of REPORTS) {
      const [a, b] = [derived[i++], await time(range, by)];
      console.log(`media report by ${by} over ${range.days} days: derived from the heartbeats ${shown(a)}, from the roll-up ${shown(b)}${ratio(a, b)} (median of ${ROUNDS})`);
    }
  }
});
