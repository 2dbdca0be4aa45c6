import { readFileSync, readdirSync } from 'node:fs';
const f = readdirSync('/tmp/prof').sort()[Number(process.argv[2] ?? 0)];
const p = JSON.parse(readFileSync('/tmp/prof/' + f));
const from = Number(process.argv[3] ?? 0) * 1e6, to = Number(process.argv[4] ?? 1e9) * 1e6;
const dt = {}; let t = 0;
p.samples.forEach((s, i) => { t += p.timeDeltas[i] || 0; if (t >= from && t <= to) dt[s] = (dt[s] || 0) + (p.timeDeltas[i] || 0); });
const self = new Map(); let total = 0;
const file = new Map();
for (const n of p.nodes) { const v = dt[n.id] || 0; total += v; const u = n.callFrame.url.split('/').slice(-3).join('/'); const k = `${n.callFrame.functionName || '(anon)'} ${u}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) || 0) + v); const fk = u.includes('node_modules') ? u.split('/')[0] : u; file.set(fk, (file.get(fk) || 0) + v); }
[...self].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, v]) => console.log((v / total * 100).toFixed(1).padStart(5), k));
console.log('--- by file');
[...file].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, v]) => console.log((v / total * 100).toFixed(1).padStart(5), k));
