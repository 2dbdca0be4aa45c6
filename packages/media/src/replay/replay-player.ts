/**
 * The player a replay drives: its playhead advances one second per second while `playing` is
 * true (item 10), and it reports the scenario's QoS. It is the tracker's delegate.
 */
import type { MediaDelegate } from '../config.js';
import type { Clock } from '../deps.js';
import { createQoSObject, type QoSObject } from '../qos.js';

export class ReplayPlayer implements MediaDelegate {
  private baseSeconds = 0;
  private baseMs: number;
  private playing = false;
  private qos: QoSObject | undefined;

  constructor(
    private readonly clock: Clock,
    qos: unknown,
  ) {
    this.baseMs = clock.now();
    this.setQoS(qos);
  }

  getCurrentPlaybackTime(): number {
    return this.baseSeconds + (this.playing ? (this.clock.now() - this.baseMs) / 1000 : 0);
  }

  getQoSObject(): QoSObject | undefined {
    return this.qos;
  }

  setPlaying(playing: boolean): void {
    this.setPlayhead(this.getCurrentPlaybackTime());
    this.playing = playing;
  }

  setPlayhead(seconds: number): void {
    this.baseSeconds = seconds;
    this.baseMs = this.clock.now();
  }

  /** `[bitrate, startupTime, fps, droppedFrames]`; anything else is passed on as given. */
  setQoS(qos: unknown): void {
    if (Array.isArray(qos)) {
      const [bitrate, startupTime, fps, droppedFrames] = qos as number[];
      this.qos = createQoSObject(bitrate as number, startupTime as number, fps as number, droppedFrames as number);
    } else {
      this.qos = qos as QoSObject | undefined;
    }
  }
}
