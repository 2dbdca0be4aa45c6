#!/usr/bin/env node
// `npm run demo`: fills the Mesura server that `npm start` started with realistic traffic for the
// last days, through its real ingest routes, with the receive times of the past (the operator's
// backfill: the data folder's backfill.key). Run it again and nothing is counted twice.
// With an editor's account (MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD, or MESURA_ADMIN_TOKEN) it
// also saves a newsroom's goals, funnels and segments (define.mjs), which that traffic reaches.
// Usage: node scripts/demo/demo.mjs [--days N] [--visitors N]   (env PORT, MESURA_DATA_DIR, MESURA_TIMEZONE, MESURA_ENV)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPORT_SUITES, parseEnvironment } from '@mesura/protocol';
import { createSender } from './http-sender.mjs';
import { createTcStrings } from './consent.mjs';
import { NO_ACCOUNT_HINT, defineAll, editorHeaders } from './define.mjs';
import { sendDay } from './demo-day.mjs';
import { openSentDays } from './sent-days.mjs';
import { loadSiteContent } from './site-pages.mjs';
import { searchTerms } from './searches.mjs';

const DEFAULT_PORT = 8080;
const DEFAULT_DAYS = 30;
/** Visits a day of the default run: sized so that 30 days take about a minute on a two-core machine. */
const DEFAULT_VISITORS_PER_DAY = 200;
const MAX_DAYS = 90;
const MAX_VISITORS_PER_DAY = 20_000;
/** Requests in flight at once: enough to keep the server's two cores busy, few enough not to queue. */
const CONCURRENCY = 96;
/** Today's traffic stops this long before now: a backfilled time may not be in the future. */
const NOW_MARGIN_MS = 60_000;
const DAY_MS = 86_400_000;
const HEALTH_TIMEOUT_MS = 3_000;

function fail(message) {
  process.stderr.write(`demo: ${message}\n`);
  process.exit(1);
}

function readOptions() {
  const { values } = parseArgs({ options: { days: { type: 'string' }, visitors: { type: 'string' } } });
  const whole = (name, value, fallback, max) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) fail(`--${name} must be a whole number from 1 to ${max}, not '${value}'`);
    return n;
  };
  const port = Number(process.env.PORT || DEFAULT_PORT);
  const dataDir = path.resolve(process.env.MESURA_DATA_DIR || './data');
  return {
    days: whole('days', values.days, DEFAULT_DAYS, MAX_DAYS),
    visitorsPerDay: whole('visitors', values.visitors, DEFAULT_VISITORS_PER_DAY, MAX_VISITORS_PER_DAY),
    port,
    dataDir,
    timeZone: process.env.MESURA_TIMEZONE || 'Europe/Madrid',
    suite: REPORT_SUITES[parseEnvironment(process.env.MESURA_ENV)],
  };
}

/** The backfill key, once the server is known to answer; else the one line that says what to do. */
async function serverKey({ port, dataDir }) {
  const start = `run \`npm start\` first (the demo fills the server on http://127.0.0.1:${port} whose data folder is ${dataDir})`;
  let key;
  try {
    key = readFileSync(path.join(dataDir, 'backfill.key'), 'utf8').trim();
  } catch {
    fail(`no backfill key in ${dataDir}: ${start}`);
  }
  const health = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).catch(() => undefined);
  if (!health?.ok) fail(`no Mesura server answers on port ${port}: ${start}`);
  if (!(await keyAccepted(port, key))) fail(`the server on port ${port} does not hold the backfill key of ${dataDir}: set MESURA_DATA_DIR to the folder it was started with`);
  return key;
}

/**
 * Whether the server trusts `key`. Without it a receive time is silently ignored, and the demo's
 * days would all land now: so a beacon that is malformed anyway (no AQE) is sent with a time in the
 * future, which only a trusted request is refused for (MESURA_ERR_BAD_QUERY); nothing is stored.
 */
async function keyAccepted(port, key) {
  const answer = await fetch(`http://127.0.0.1:${port}/b/ss/mesuradev/1/demo/s1?AQB=1`, {
    headers: { 'x-mesura-backfill': key, 'x-mesura-received-at': String(Date.now() + DAY_MS) },
    signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
  }).catch(() => undefined);
  return answer?.status === 400 && (await answer.json()).code === 'MESURA_ERR_BAD_QUERY';
}

/** The local calendar days of the last `days` days, oldest first, with the end of what each may hold. */
function lastDays(days, timeZone, nowMs) {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const list = [];
  for (let i = days - 1; i >= 0; i--) list.push(format.format(new Date(nowMs - i * DAY_MS)));
  return [...new Set(list)];
}

/** Saves the demo's definitions first: a wrong account is said before a minute of traffic, not after. */
async function define(base) {
  const headers = await editorHeaders(base, process.env);
  if (headers === undefined) {
    console.log(`demo: ${NO_ACCOUNT_HINT}`);
    return;
  }
  const { made, kept } = await defineAll(base, headers);
  console.log(`demo: goals, funnels and segments: ${made} saved, ${kept} already there (kept as they are)`);
}

async function main() {
  const options = readOptions();
  const key = await serverKey(options);
  await define(`http://127.0.0.1:${options.port}`);
  const startedAt = performance.now();
  const untilMs = Date.now() - NOW_MARGIN_MS;
  const sender = createSender({ port: options.port, key, concurrency: CONCURRENCY });
  const context = {
    ...options,
    site: loadSiteContent(),
    searches: await searchTerms(options.port),
    tcString: createTcStrings(),
    sender,
    sentDays: openSentDays(options.dataDir),
  };
  const days = lastDays(options.days, options.timeZone, untilMs);
  console.log(`demo: ${days.length} day${days.length === 1 ? '' : 's'} from ${days[0]} to ${days.at(-1)}, about ${options.visitorsPerDay} visits a day, to http://127.0.0.1:${options.port}`);
  try {
    for (const [i, day] of days.entries()) {
      const sent = await sendDay(day, untilMs, context);
      console.log(`demo: ${day}  ${String(sent).padStart(6)} requests  (${i + 1}/${days.length}, ${((performance.now() - startedAt) / 1000).toFixed(0)} s)`);
    }
  } finally {
    sender.close();
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const counts = [...sender.counts].sort(([a], [b]) => a.localeCompare(b));
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  console.log(`demo: sent ${total} requests in ${seconds.toFixed(1)} s: ${counts.map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
}

main().catch((error) => fail(error.message));
