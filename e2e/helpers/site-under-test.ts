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
  // The server and Chromium start and stop side by side: neither waits on the other, and each
  // takes a second or two per file. One that starts is kept for afterAll even if the other fails.
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startServerProcess({ dataDir: site.dataDir, env: options.env }), launchChromium({ autoplay: options.autoplay })]);
    if (server.status === 'fulfilled') site.server = server.value;
    if (browser.status === 'fulfilled') site.browser = browser.value;
    for (const started of [server, browser]) if (started.status === 'rejected') throw started.reason;
  });
  afterAll(async () => {
    await Promise.all([site.browser?.close(), site.server ? stopServerProcess(site.server) : undefined]);
    removeDataDir(site.dataDir);
  });
  return site;
}

/** Today in Europe/Madrid, where the reports cut days. */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
}
