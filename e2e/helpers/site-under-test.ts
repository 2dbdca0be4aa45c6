import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { emptyDataDir, removeDataDir, startServerProcess, stopServerProcess, type ServerProcess } from './server-process.js';

/** The built server on an empty data folder and a Chromium, shared by the tests of one file. */
export interface SiteUnderTest {
  /** Replaceable: a test may stop the server and start another on the same port and data. */
  server: ServerProcess;
  browser: Browser;
  readonly dataDir: string;
}

/** Starts both before the file's tests and stops them after (call at the top of a test file). */
export function useSiteUnderTest(options: { env?: Record<string, string>; autoplay?: boolean } = {}): SiteUnderTest {
  const site = { dataDir: emptyDataDir() } as SiteUnderTest;
  beforeAll(async () => {
    site.server = await startServerProcess({ dataDir: site.dataDir, env: options.env });
    site.browser = await launchChromium({ autoplay: options.autoplay });
  });
  afterAll(async () => {
    await site.browser?.close();
    if (site.server) await stopServerProcess(site.server);
    removeDataDir(site.dataDir);
  });
  return site;
}

/** Today in Europe/Madrid, where the reports cut days. */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
}
