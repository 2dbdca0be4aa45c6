/** What the page configures (§5 setup, §9 "Video analytics settings") and what the player gives. */
import type { QoSObject } from './qos.js';

export interface MediaConfig {
  /** The heartbeat collector's host, e.g. 'hb.example.cat' (§5: required). */
  trackingServer: string;
  /** The organisation id; the settings file is named after it (required). */
  publisher: string;
  /** `s:sp:player_name` (§5: required, non-empty). */
  playerName: string;
  /** `s:sp:channel`. Default none. */
  channel?: string;
  /** `s:sp:sdk`: the player application's version. Default none. */
  appVersion?: string;
  /** `s:sp:ovp`: the online video platform. Default none. */
  ovp?: string;
  /** https for heartbeats and the settings file. Default true. */
  ssl?: boolean;
  /** Log to the console. Default false (§9 "debug logging off"). */
  debug?: boolean;
}

/** §8: a delegate lacking either function fails the tracker's creation. */
export interface MediaDelegate {
  /** The content's playhead, in seconds. */
  getCurrentPlaybackTime(): number;
  /** The current quality of service; null or undefined while unknown. */
  getQoSObject(): QoSObject | null | undefined;
}
