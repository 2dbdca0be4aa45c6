/** Fakes for the player wiring's tests: a media element the test drives, and a recording tracking. */
import type { PlayerTracking } from '@mesura/media/players';

/** A <video> as the player session and the ad player use it. */
export class FakeMedia extends EventTarget {
  readonly nodeName = 'VIDEO';
  src = '';
  currentSrc = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  seeking = false;
  readyState = 0;
  error: MediaError | null = null;
  /** How many of the next play() calls fail (it cannot play); the others resolve (the first frame came). */
  failingPlays = 0;
  plays = 0;

  play(): Promise<void> {
    this.plays += 1;
    if (this.failingPlays > 0) {
      this.failingPlays -= 1;
      return Promise.reject(new DOMException('no', 'NotSupportedError'));
    }
    this.paused = false;
    return Promise.resolve();
  }

  pause(): void {
    this.paused = true;
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }

  canPlayType(type: string): string {
    return type.startsWith('video/webm') ? 'probably' : '';
  }

  emit(type: string, state: Partial<Pick<FakeMedia, 'currentTime' | 'paused' | 'ended' | 'seeking'>> = {}): void {
    Object.assign(this, state);
    this.dispatchEvent(new Event(type));
  }
}

export function recordingTracking() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push(args.length > 0 ? [name, ...args] : [name]);
  const tracking: PlayerTracking = {
    adBreakStart: record('adBreakStart'),
    adStart: record('adStart'),
    adComplete: record('adComplete'),
    adSkip: record('adSkip'),
    adBreakComplete: record('adBreakComplete'),
    chapterStart: record('chapterStart'),
    chapterComplete: record('chapterComplete'),
    chapterSkip: record('chapterSkip'),
    destroy: record('destroy'),
  };
  return { calls, tracking, names: () => calls.map(([name]) => name) };
}
