/**
 * Fakes for the player adapters' tests: a media element whose state the test sets and whose events
 * it dispatches, an hls.js emitter, and a tracker that records every call it gets.
 */
import type { MediaDelegate, MediaTracker } from '../../src/index.js';
import type { HlsLike, PlayerElement } from '../../src/players/index.js';

/** A <video> (or <audio>) as far as the adapters read it. */
export class FakeMediaElement extends EventTarget implements PlayerElement {
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  readyState = 0;
  currentSrc = 'https://mesura.cat/media/clip.webm';
  error: MediaError | null = null;
  droppedVideoFrames = 0;

  constructor(readonly nodeName = 'VIDEO') {
    super();
  }

  getVideoPlaybackQuality() {
    return { droppedVideoFrames: this.droppedVideoFrames };
  }

  /** Sets what the element says, then dispatches `type`, as the browser does. */
  emit(type: string, state: Partial<Pick<FakeMediaElement, 'currentTime' | 'duration' | 'paused' | 'ended' | 'readyState'>> = {}): void {
    Object.assign(this, state);
    this.dispatchEvent(new Event(type));
  }

  /** The metadata arrived: `duration` seconds. */
  loaded(duration: number): void {
    this.emit('loadedmetadata', { duration, readyState: 1 });
  }
}

type Listener = (event: string, data: unknown) => void;

/** hls.js's `Hls` as the adapter uses it: an emitter, its levels, the media it is attached to. */
export class FakeHls implements HlsLike {
  media: PlayerElement | null;
  levels = [
    { bitrate: 400_000, frameRate: 25 },
    { bitrate: 1_200_000, frameRate: 50 },
  ];
  currentLevel = -1;
  readonly listeners = new Map<string, Set<Listener>>();

  constructor(media: PlayerElement | null) {
    this.media = media;
  }

  on(event: string, listener: Listener): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  emit(event: string, data: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) listener(event, data);
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

export type Call = [method: string, ...args: unknown[]];

/** A tracker that records its calls; `delegate` is what the adapter gave it. */
export function recordingTracker() {
  const calls: Call[] = [];
  let delegate: MediaDelegate | undefined;
  const record =
    (method: string) =>
    (...args: unknown[]) =>
      void calls.push([method, ...args]);
  const tracker: MediaTracker = {
    trackSessionStart: record('trackSessionStart'),
    trackPlay: record('trackPlay'),
    trackPause: record('trackPause'),
    trackComplete: record('trackComplete'),
    trackSessionEnd: record('trackSessionEnd'),
    trackError: record('trackError'),
    trackEvent: record('trackEvent'),
    updatePlayhead: record('updatePlayhead'),
    updateQoEObject: record('updateQoEObject'),
    destroy: record('destroy'),
  };
  return {
    calls,
    tracker,
    createTracker: (given: MediaDelegate) => ((delegate = given), tracker),
    delegate: () => delegate!,
    /** Method names, and the event name of trackEvent calls, e.g. `trackEvent:SeekStart`. */
    names: () => calls.map(([method, first]) => (method === 'trackEvent' ? `${method}:${String(first)}` : method)),
    clear: () => void calls.splice(0),
  };
}
