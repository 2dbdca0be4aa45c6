#!/usr/bin/env node
// npm links a package's bins when it installs, before `npm run build` has made dist/: a bin that
// pointed into dist/ would never be linked in a fresh clone. This file is committed, so the link
// exists from `npm install` on, and it runs the built CLI (src/replay/cli.ts).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/replay/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('mesura-media-replay: the CLI is not built yet: run `npm run build` first.\n');
  process.exit(2);
}
await import(cli.href);
