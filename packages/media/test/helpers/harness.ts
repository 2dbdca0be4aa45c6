/**
 * A tracker on fake time with a recording transport, a settable player and privacy, for the unit
 * tests. Time is the replay's SimulatedClock (src/replay/simulated-clock.ts), on purpose: unit
 * tests and scenario files then run on one definition of time.
 */
import { decodeBeacon, decodeHeartbeatQuery, formatMediaSettings, DEFAULT_MEDIA_SETTINGS, type Beacon, type Heartbeat, type MediaSettings } from '@mesura/protocol';
import {
  createMediaObject,
  createMediaTracker,
  createQoSObject,
  type KeyValueStorage,
  type LogEntry,
  type MediaConfig,
  type MediaDeps,
  type MediaObject,
  type MediaTracker,
  type PrivacyStatus,
  type QoSObject,
} from '../../src/index.js';
import { replayMediaAnalytics } from '../../src/replay/replay-analytics.js';
import { memoryStorage } from '../../src/replay/memory-storage.js';
import { REPLAY_EPOCH_MS } from '../../src/constants.js';
import { seededRandom } from '../../src/replay/seeded-random.js';
import { SimulatedClock } from '../../src/replay/simulated-clock.js';

export const T0 = REPLAY_EPOCH_MS;

export const CONFIG: MediaConfig = {
  trackingServer: 'hb.example.cat',
  publisher: 'org-1',
  playerName: 'html5',
  channel: 'tv3',
  ovp: 'ovp',
  appVersion: 'test-1',
  ssl: true,
};

export const VISITOR_ID = '0123456789ABCDEF-FEDCBA9876543210';

/** A 600 s video on demand. */
export function video(options?: Parameters<typeof createMediaObject>[5]): MediaObject {
  return createMediaObject('Video name', 'vid-1', 600, 'vod', 'video', options);
}

export interface HarnessOptions {
  config?: Partial<MediaConfig>;
  deps?: Partial<MediaDeps>;
  privacy?: PrivacyStatus;
  settings?: Partial<MediaSettings>;
  storage?: KeyValueStorage;
  qos?: QoSObject;
}

/** A request as sent, at the fake time it left (ms since T0). */
export interface Sent {
  at: number;
  url: string;
}

export class Harness {
  readonly clock = new SimulatedClock(T0);
  readonly sent: Sent[] = [];
  readonly logs: LogEntry[] = [];
  readonly settingsUrls: string[] = [];
  readonly storage: KeyValueStorage;
  readonly tracker: MediaTracker;
  /** Set to false to make every send fail. */
  networkUp = true;
  settingsXml: string;
  private playheadBase = 0;
  private playheadAt = T0;
  private playing = false;
  qos: QoSObject | undefined;
  private privacyStatus: PrivacyStatus;
  private readonly listeners = new Set<() => void>();

  constructor(options: HarnessOptions = {}) {
    this.storage = options.storage ?? memoryStorage();
    this.privacyStatus = options.privacy ?? 'opted-in';
    this.qos = options.qos ?? createQoSObject(1000, 2, 25, 0);
    this.settingsXml = formatMediaSettings({ ...DEFAULT_MEDIA_SETTINGS, ...options.settings });
    const transport = {
      send: (url: string) => {
        this.sent.push({ at: this.clock.now() - T0, url });
        return this.networkUp;
      },
    };
    const random = seededRandom(7);
    this.tracker = createMediaTracker(
      { ...CONFIG, ...options.config } as MediaConfig,
      { getCurrentPlaybackTime: () => this.playhead(), getQoSObject: () => this.qos },
      {
        clock: this.clock,
        timers: this.clock,
        transport,
        fetchText: (url) => {
          this.settingsUrls.push(url);
          return Promise.resolve(this.settingsXml);
        },
        storage: this.storage,
        privacy: {
          status: () => this.privacyStatus,
          subscribe: (listener) => {
            this.listeners.add(listener);
            return () => this.listeners.delete(listener);
          },
        },
        visitor: { visitorId: () => VISITOR_ID },
        analytics: replayMediaAnalytics({
          reportSuites: 'rsid.test',
          trackingServer: 'metrics.example.cat',
          transport,
          visitorId: () => VISITOR_ID,
          now: () => this.clock.now(),
          random,
        }),
        log: (entry) => this.logs.push(entry),
        random,
        ...options.deps,
      },
    );
  }

  /** Milliseconds since T0. */
  get at(): number {
    return this.clock.now() - T0;
  }

  /** Runs the clock to `ms` after T0. */
  to(ms: number): Promise<void> {
    return this.clock.advanceTo(T0 + ms);
  }

  playhead(): number {
    return this.playheadBase + (this.playing ? (this.clock.now() - this.playheadAt) / 1000 : 0);
  }

  /** The player's playhead moves one second per second while playing. */
  setPlaying(playing: boolean): void {
    this.setPlayhead(this.playhead());
    this.playing = playing;
  }

  setPlayhead(seconds: number): void {
    this.playheadBase = seconds;
    this.playheadAt = this.clock.now();
  }

  setPrivacy(status: PrivacyStatus): void {
    this.privacyStatus = status;
    for (const listener of this.listeners) listener();
  }

  heartbeats(): (Heartbeat & { at: number })[] {
    return this.sent
      .filter((s) => !isBeacon(s.url))
      .map((s) => {
        const decoded = decodeHeartbeatQuery(new URL(s.url).search);
        if (!decoded.ok) throw new Error(decoded.reason);
        return { ...decoded.value, at: s.at };
      });
  }

  /** `type duration playhead` of each heartbeat (`ad:` before ad ones), the shape most tests assert. */
  summary(): string[] {
    return this.heartbeats().map((h) => `${h.asset.type === 'ad' ? 'ad:' : ''}${h.event.type} ${h.event.duration} ${h.event.playhead}`);
  }

  beacons(): (Beacon & { at: number })[] {
    return this.sent
      .filter((s) => isBeacon(s.url))
      .map((s) => {
        const url = new URL(s.url);
        const decoded = decodeBeacon(url.pathname, url.search.slice(1));
        if (!decoded.ok) throw new Error(decoded.reason);
        return { ...decoded.value, at: s.at };
      });
  }

  messages(level?: LogEntry['level']): string[] {
    return this.logs.filter((entry) => level === undefined || entry.level === level).map((entry) => entry.message);
  }

  /** Forgets what was sent and logged so far. */
  clear(): void {
    this.sent.length = 0;
    this.logs.length = 0;
  }
}

function isBeacon(url: string): boolean {
  return new URL(url).pathname.startsWith('/b/ss/');
}

/** A started session: playing from `playAt` ms, the first play reported 250 ms later. */
export async function playing(options: HarnessOptions = {}, playAt = 0): Promise<Harness> {
  const h = new Harness(options);
  h.tracker.trackSessionStart(video());
  await h.to(playAt);
  h.setPlaying(true);
  h.tracker.trackPlay();
  await h.to(playAt + 500);
  return h;
}
