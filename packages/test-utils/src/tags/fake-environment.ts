/**
 * A `TagEnvironment` without a browser: a fake clock, a settable location, a document and window
 * made of plain `EventTarget`s, and a console that records lines.
 */
import type { TagDocument, TagEnvironment, TagWindow } from '@mesura/tags';
import { fakeClock, type FakeClock } from './fake-clock.js';

export interface FakeEnvironment {
  env: TagEnvironment;
  clock: FakeClock;
  /** Every console line, as `[level, text]`. */
  logs: Array<[string, string]>;
  /** Moves the fake location to `url` (path, query, host). */
  go(url: string): void;
  /** Sets `window.mesuraData`. */
  setDataLayer(data: unknown): void;
  /** Scripts appended by `loadScript`; call `.load()` or `.fail()` on one. */
  scripts: FakeScript[];
  storage: Map<string, string>;
  cookies: { value: string };
}

export class FakeScript extends EventTarget {
  src = '';
  async = false;
  load(): void {
    this.dispatchEvent(new Event('load'));
  }
  fail(): void {
    this.dispatchEvent(new Event('error'));
  }
}

export function fakeEnvironment(url = 'https://www.mesura.cat/', overrides: Partial<TagEnvironment> = {}): FakeEnvironment {
  const clock = fakeClock();
  const logs: Array<[string, string]> = [];
  const scripts: FakeScript[] = [];
  const storage = new Map<string, string>();
  const cookies = { value: '' };
  let dataLayer: unknown;
  const location = { href: '', pathname: '', search: '', hostname: '' };
  const go = (next: string): void => {
    const parsed = new URL(next, location.href || undefined);
    Object.assign(location, { href: parsed.href, pathname: parsed.pathname, search: parsed.search, hostname: parsed.hostname });
  };
  go(url);
  const head = { appendChild: (script: FakeScript) => scripts.push(script) };
  const document = Object.assign(new EventTarget(), {
    readyState: 'complete',
    referrer: 'https://www.google.com/',
    head,
    documentElement: head,
    createElement: () => new FakeScript(),
  }) as unknown as TagDocument;
  const window = Object.assign(new EventTarget(), {
    innerWidth: 1280,
    innerHeight: 720,
    history: { pushState() {}, replaceState() {} },
  }) as unknown as TagWindow;
  const record = (level: string) => (text: string) => void logs.push([level, text]);
  const env: TagEnvironment = {
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    location,
    document,
    window,
    cookies: () => cookies.value,
    storageItem: (key) => storage.get(key) ?? null,
    dataLayer: () => dataLayer,
    timezoneOffsetHours: 1,
    console: { error: record('error'), warn: record('warn'), info: record('info') },
    ...overrides,
  };
  return { env, clock, logs, go, setDataLayer: (data) => void (dataLayer = data), scripts, storage, cookies };
}
