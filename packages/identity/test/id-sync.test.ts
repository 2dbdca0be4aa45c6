import { describe, expect, it } from 'vitest';
import {
  ID_SYNC_DATA_MAX_LENGTH,
  ID_SYNC_FREQUENCY_MS,
  ID_SYNC_HANDSHAKE_TIMEOUT_MS,
  ID_SYNC_THROTTLE_START_MS,
  idSyncDue,
  startIdSync,
  type IdSyncOutcome,
  type SyncFrameEvents,
} from '../src/index.js';
import { fakeCookieJar, type FakeClock } from './helpers/fakes.js';

const PAGE_ID = '0123456789ABCDEF-FEDCBA9876543210';
const COLLECTOR_ID = 'AAAAAAAAAAAAAAAA-BBBBBBBBBBBBBBBB';

/** Timers on `clock`: `advance(ms)` runs what falls due, in order. */
function fakeTimers(clock: FakeClock) {
  let next = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    setTimer: (run: () => void, ms: number) => (due.set(++next, { at: clock.nowMs + ms, run }), next),
    clearTimer: (timer: unknown) => void due.delete(timer as number),
    advance(ms: number) {
      const end = clock.nowMs + ms;
      for (;;) {
        const [id, first] = [...due].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (first === undefined || first.at > end) break;
        due.delete(id!);
        clock.nowMs = first.at;
        first.run();
      }
      clock.nowMs = end;
    },
  };
}

/** A page with a fake frame: what the page posted, and the frame's side to play. */
function setUp(options: { allowed?: () => boolean; data?: string; cookies?: string } = {}) {
  const clock = { nowMs: 1_767_225_600_000 };
  const timers = fakeTimers(clock);
  const jar = fakeCookieJar(clock, options.cookies);
  const posted: unknown[] = [];
  const opened: string[] = [];
  let events: SyncFrameEvents | undefined;
  let removed = false;
  const outcomes: IdSyncOutcome[] = [];
  const stop = startIdSync({
    collectorOrigin: 'https://stats.example.cat',
    data: () => options.data ?? PAGE_ID,
    allowed: options.allowed ?? (() => true),
    jar,
    secure: true,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    openFrame(url, given) {
      opened.push(url);
      events = given;
      return { post: (message) => void posted.push(message), remove: () => void (removed = true) };
    },
    done: (outcome) => void outcomes.push(outcome),
  });
  return { clock, timers, jar, posted, opened, outcomes, stop, frame: () => events!, removed: () => removed };
}

/** Runs the throttle, the load and the handshake. */
function handshake(page: ReturnType<typeof setUp>) {
  page.timers.advance(ID_SYNC_THROTTLE_START_MS);
  page.frame().loaded();
  page.frame().message({ type: 'mesura:id-sync:ready' });
}

describe('the ID sync (§7 ID-sync frame, §9)', () => {
  it('opens no frame before the 30000 ms throttle start, then the collector’s /id/sync', () => {
    const page = setUp();
    page.timers.advance(ID_SYNC_THROTTLE_START_MS - 1);
    expect(page.opened).toEqual([]);
    page.timers.advance(1);
    expect(page.opened).toEqual(['https://stats.example.cat/id/sync']);
  });

  it('shakes hands, posts the page’s id, takes the collector’s answer and remembers the sync for a day', () => {
    const page = setUp();
    handshake(page);
    expect(page.posted).toEqual([{ type: 'mesura:id-sync:hello' }, { type: 'mesura:id-sync', data: PAGE_ID }]);
    page.frame().message({ type: 'mesura:id', visitorId: COLLECTOR_ID });
    expect(page.outcomes).toEqual([{ synced: true, visitorId: COLLECTOR_ID }]);
    expect(page.removed()).toBe(true);
    expect(page.jar.writes).toEqual([`mesura_sync=1; Max-Age=${ID_SYNC_FREQUENCY_MS / 1000}; Path=/; SameSite=Lax; Secure`]);
  });

  it('syncs at most once a day: within it nothing opens, a day later it syncs again', () => {
    const first = setUp();
    handshake(first);
    first.frame().message({ type: 'mesura:id', visitorId: COLLECTOR_ID });
    const cookies = first.jar.get();
    const sameDay = setUp({ cookies });
    sameDay.timers.advance(ID_SYNC_THROTTLE_START_MS);
    expect(sameDay.opened).toEqual([]);
    expect(sameDay.outcomes).toEqual([{ synced: false, reason: 'recent' }]);
    first.clock.nowMs += ID_SYNC_FREQUENCY_MS;
    expect(first.jar.get()).toBe('');
  });

  it('gives up when the frame does not answer hello within 250 ms of its load, and removes it', () => {
    const page = setUp();
    page.timers.advance(ID_SYNC_THROTTLE_START_MS);
    page.frame().loaded();
    page.timers.advance(ID_SYNC_HANDSHAKE_TIMEOUT_MS - 1);
    expect(page.outcomes).toEqual([]);
    page.timers.advance(1);
    expect(page.outcomes).toEqual([{ synced: false, reason: 'handshake-timeout' }]);
    expect(page.removed()).toBe(true);
    page.frame().message({ type: 'mesura:id-sync:ready' });
    expect(page.posted).toEqual([{ type: 'mesura:id-sync:hello' }]);
    expect(page.jar.writes).toEqual([]);
  });

  it('refuses data longer than 649 characters and opens no frame; 649 itself goes', () => {
    const long = setUp({ data: 'x'.repeat(ID_SYNC_DATA_MAX_LENGTH + 1) });
    long.timers.advance(ID_SYNC_THROTTLE_START_MS);
    expect(long.opened).toEqual([]);
    expect(long.outcomes).toEqual([{ synced: false, reason: 'data-too-long' }]);
    const longest = setUp({ data: 'x'.repeat(ID_SYNC_DATA_MAX_LENGTH) });
    handshake(longest);
    expect(longest.posted).toContainEqual({ type: 'mesura:id-sync', data: 'x'.repeat(ID_SYNC_DATA_MAX_LENGTH) });
  });

  it('opens nothing and writes nothing without consent', () => {
    const page = setUp({ allowed: () => false });
    page.timers.advance(ID_SYNC_THROTTLE_START_MS);
    expect(page.opened).toEqual([]);
    expect(page.jar.writes).toEqual([]);
    expect(page.outcomes).toEqual([{ synced: false, reason: 'no-consent' }]);
  });

  it('posts no id when consent is withdrawn while the frame loads, and removes the frame', () => {
    let allowed = true;
    const page = setUp({ allowed: () => allowed });
    page.timers.advance(ID_SYNC_THROTTLE_START_MS);
    page.frame().loaded();
    allowed = false;
    page.frame().message({ type: 'mesura:id-sync:ready' });
    expect(page.posted).toEqual([{ type: 'mesura:id-sync:hello' }]);
    expect(page.outcomes).toEqual([{ synced: false, reason: 'no-consent' }]);
    expect(page.removed()).toBe(true);
    expect(page.jar.writes).toEqual([]);
  });

  it('ignores an answer that is not a well-formed id, and gives up after 2000 ms', () => {
    const page = setUp();
    handshake(page);
    page.frame().message({ type: 'mesura:id', visitorId: 'not-an-id' });
    page.frame().message({ type: 'other', visitorId: COLLECTOR_ID });
    expect(page.outcomes).toEqual([]);
    page.timers.advance(2_000);
    expect(page.outcomes).toEqual([{ synced: false, reason: 'no-answer' }]);
    expect(page.jar.writes).toEqual([]);
  });

  it('takes no id before the handshake', () => {
    const page = setUp();
    page.timers.advance(ID_SYNC_THROTTLE_START_MS);
    page.frame().loaded();
    page.frame().message({ type: 'mesura:id', visitorId: COLLECTOR_ID });
    expect(page.outcomes).toEqual([]);
  });

  it('opens the frame at once for a caller that already waited the throttle (delayMs 0)', () => {
    const clock = { nowMs: 0 };
    const timers = fakeTimers(clock);
    const opened: string[] = [];
    startIdSync({
      collectorOrigin: 'https://stats.example.cat',
      data: () => PAGE_ID,
      allowed: () => true,
      jar: fakeCookieJar(clock),
      secure: true,
      delayMs: 0,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      openFrame: (url) => (opened.push(url), { post: () => undefined, remove: () => undefined }),
    });
    timers.advance(0);
    expect(opened).toEqual(['https://stats.example.cat/id/sync']);
  });

  it('is due again only once the day’s sync cookie is gone', () => {
    const clock = { nowMs: 0 };
    const jar = fakeCookieJar(clock);
    expect(idSyncDue(jar)).toBe(true);
    jar.set(`mesura_sync=1; Max-Age=${ID_SYNC_FREQUENCY_MS / 1000}`);
    expect(idSyncDue(jar)).toBe(false);
    clock.nowMs += ID_SYNC_FREQUENCY_MS;
    expect(idSyncDue(jar)).toBe(true);
  });

  it('stops at once when the page stops it, before or after the frame opened', () => {
    const early = setUp();
    early.stop();
    early.timers.advance(ID_SYNC_THROTTLE_START_MS);
    expect(early.opened).toEqual([]);
    expect(early.outcomes).toEqual([{ synced: false, reason: 'stopped' }]);
    const late = setUp();
    late.timers.advance(ID_SYNC_THROTTLE_START_MS);
    late.stop();
    expect(late.removed()).toBe(true);
  });
});

describe('the ID-sync constants (§9)', () => {
  it.each([
    ['ID_SYNC_FREQUENCY_MS', ID_SYNC_FREQUENCY_MS, 86_400_000],
    ['ID_SYNC_DATA_MAX_LENGTH', ID_SYNC_DATA_MAX_LENGTH, 649],
    ['ID_SYNC_THROTTLE_START_MS', ID_SYNC_THROTTLE_START_MS, 30_000],
    ['ID_SYNC_HANDSHAKE_TIMEOUT_MS', ID_SYNC_HANDSHAKE_TIMEOUT_MS, 250],
  ])('%s is the spec’s value', (_name, value, expected) => {
    expect(value).toBe(expected);
  });
});
