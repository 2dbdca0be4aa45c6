import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, VISITOR_USER_AGENT } from './browser.js';

/** How long Chromium may take to open its debugging port. */
const START_TIMEOUT_MS = 15_000;
const START_POLL_MS = 50;
/** How long a Chromium told to close may take before it is sent SIGTERM. */
const EXIT_WAIT_MS = 5_000;
const PROFILE_REMOVE_RETRIES = 10;
const PROFILE_REMOVE_RETRY_MS = 100;

/** A Chromium of its own whose tabs hide one another; `close` stops it and removes its profile. */
export interface TabbedBrowser {
  browser: Browser;
  /** The browser's own context: its pages are tabs of one window. */
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, started by hand and attached over CDP without Playwright's default
 * overrides. Playwright keeps every page it opens "focused", and a page kept so stays visible
 * whatever happens to its tab; in this browser's own context nothing is kept, so bringing a tab to
 * the front hides the others as a visitor's tab switch does: `visibilitychange`, then
 * `document.visibilityState === 'hidden'`, from Chromium itself. The user agent and language are a
 * visitor's (newVisitorPage's), set on the command line, as the context's options are not applied.
 */
export async function launchTabbedChromium(): Promise<TabbedBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'mesura-e2e-tabs-'));
  const args = [
    ...CHROMIUM_FLAGS,
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    `--user-agent=${VISITOR_USER_AGENT}`,
    '--lang=ca-ES',
    'about:blank',
  ];
  const child = spawn(CHROMIUM_PATH, args, { stdio: 'ignore' });
  const stop = () => stopChromium(child, profile);
  try {
    const port = await debuggingPort(profile, child);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { noDefaults: true });
    const context = browser.contexts()[0]!;
    // Browser.close shuts Chromium down as a visitor's quit does, its helper processes with it.
    const close = async () => {
      await (await browser.newBrowserCDPSession()).send('Browser.close').catch(() => undefined);
      await stop();
    };
    return { browser, context, close };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The port Chromium writes to DevToolsActivePort once it listens. */
async function debuggingPort(profile: string, child: ChildProcess): Promise<string> {
  const file = path.join(profile, 'DevToolsActivePort');
  for (let waited = 0; waited < START_TIMEOUT_MS; waited += START_POLL_MS) {
    if (child.exitCode !== null) throw new Error(`${CHROMIUM_PATH} exited with ${child.exitCode} before opening its debugging port`);
    if (existsSync(file)) {
      const port = readFileSync(file, 'utf8').split('\n')[0];
      if (port) return port;
    }
    await new Promise((resolve) => setTimeout(resolve, START_POLL_MS));
  }
  throw new Error(`${CHROMIUM_PATH} opened no debugging port within ${START_TIMEOUT_MS} ms`);
}

async function stopChromium(child: ChildProcess, profile: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const kill = setTimeout(() => child.kill('SIGTERM'), EXIT_WAIT_MS);
    await exited;
    clearTimeout(kill);
  }
  // Chromium's helper processes may still be writing to the profile as the browser exits.
  rmSync(profile, { recursive: true, force: true, maxRetries: PROFILE_REMOVE_RETRIES, retryDelay: PROFILE_REMOVE_RETRY_MS });
}
