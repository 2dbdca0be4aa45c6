// The built Mesura server as the benchmarks start it: on 127.0.0.1, a free port, its own data folder.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const START_POLLS = 200;
const START_POLL_MS = 100;

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Starts `server/dist/main.js` (npm run build first) and resolves once /healthz answers. */
export async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), MESURA_HOST: '127.0.0.1', MESURA_DATA_DIR: dataDir, MESURA_LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  for (let i = 0; i < START_POLLS; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { port, child };
    } catch {}
    await new Promise((r) => setTimeout(r, START_POLL_MS));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}
