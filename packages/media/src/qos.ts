/** The quality-of-service object (spec §3: bitrate, fps, droppedFrames, startupTime). */
import type { HeartbeatQoS } from '@mesura/protocol';
import { checkObject, type Checked, type Schema } from './input-checks.js';

export interface QoSObject {
  /** Bits per second. */
  bitrate: number;
  /** Seconds from the play request to the first frame (sent in ms). */
  startupTime: number;
  /** Frames per second. */
  fps: number;
  droppedFrames: number;
}

const QOS_SCHEMA: Schema = {
  bitrate: { rule: 'number' },
  startupTime: { rule: 'number' },
  fps: { rule: 'number' },
  droppedFrames: { rule: 'number' },
};

/** What a heartbeat carries before the player reports any QoS. */
export const NO_QOS: Readonly<HeartbeatQoS> = Object.freeze({ bitrate: 0, fps: 0, droppedFrames: 0, startupTimeMs: 0 });

export function createQoSObject(bitrate: number, startupTime: number, fps: number, droppedFrames: number): QoSObject {
  return { bitrate, startupTime, fps, droppedFrames };
}

export function checkQoSObject(data: unknown): Checked<QoSObject> {
  return checkObject<QoSObject>('qos', data, QOS_SCHEMA);
}

/** The wire's QoS: startup time from seconds to ms (wire §2), everything floored by the encoder. */
export function heartbeatQoS(qos: QoSObject): HeartbeatQoS {
  return { bitrate: qos.bitrate, fps: qos.fps, droppedFrames: qos.droppedFrames, startupTimeMs: qos.startupTime * 1000 };
}
