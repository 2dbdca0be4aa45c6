import autocannon from 'autocannon';
import { encodeBeacon } from '/work/main/packages/protocol/dist/index.js';
let n = 0;
const mk = () => { n++; return encodeBeacon({ reportSuites: ['mesuradev'], libraryVersion: 'M', random: String(n) }, { eventId: 'e' + n + '-' + Date.now(), clientTime: { day: 23, month0: 10, year: 2026, hour: 9, minute: 0, second: 0, weekday: 1, tzOffsetMin: -60 }, visitor: { fid: 'A' + (n % 100) }, pageName: 'p', url: 'http://x/', events: [{ id: 1 }], props: { 1: 'a' }, eVars: { 1: 'a', 2: 'b', 8: 'c' }, hierarchies: {}, lists: {}, contextData: {}, browser: {} }, 'page_view'); };
const r = await autocannon({ url: 'http://127.0.0.1:' + process.argv[2], connections: Number(process.env.CONN ?? 50), duration: Number(process.argv[3] ?? 5), ...(process.env.RATE ? { overallRate: Number(process.env.RATE) } : {}), headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' }, requests: [{ setupRequest: (q) => ({ ...q, path: mk() }) }] });
console.log('rps', r['2xx'] / Number(process.argv[3] ?? 5), 'p50', r.latency.p50, 'p99', r.latency.p99);
