// The ingest that goes on while bench:reports asks its reports: page-view beacons of many visitors
// sent to the server at a steady rate from a process of its own, until it is told to stop (SIGTERM)
// or its time is up. Prints how many were acknowledged.
// Usage: node bench/reports-ingest.mjs PORT RATE_PER_S SECONDS
import http from 'node:http';
import { BENCH_USER_AGENT, beaconPath, visitorId } from './abuse-beacon.mjs';

const [port, rate, seconds] = process.argv.slice(2).map(Number);
const TICK_MS = 50;
const VISITOR_POOL = 50_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
let sent = 0;
let acknowledged = 0;
let visitor = 0;

function send() {
  sent += 1;
  visitor = (visitor + 7919) % VISITOR_POOL;
  const request = http.get({ host: '127.0.0.1', port, path: beaconPath(visitorId('ingest', visitor), 'bench:ingest'), agent, headers: { 'user-agent': BENCH_USER_AGENT } }, (response) => {
    if (response.statusCode === 200) acknowledged += 1;
    response.resume();
  });
  request.on('error', () => {});
}

const perTick = (rate * TICK_MS) / 1000;
let owed = 0;
const timer = setInterval(() => {
  for (owed += perTick; owed >= 1; owed -= 1) send();
}, TICK_MS);

function stop() {
  clearInterval(timer);
  setTimeout(() => {
    process.stdout.write(`ingest: ${acknowledged} of ${sent} beacons acknowledged\n`);
    process.exit(0);
  }, 500);
}
process.on('SIGTERM', stop);
setTimeout(stop, seconds * 1000);
