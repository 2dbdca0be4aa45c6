/**
 * One media heartbeat as the tracker makes it and the collector decodes it (wire-formats §2),
 * grouped as spec §3 "Internal session records": analytics, visitor, service provider, event,
 * asset, stream, metadata. Its wire form is heartbeat-params.ts, its fields heartbeat-fields.ts.
 */
import type { AuthState } from './auth-state.js';
import type { TcfSignal } from './tcf-signal.js';

/**
 * `s:event:type`. The states (`start`, `play`, `pause`, `buffer`, `stall`) are reported as the
 * time since that state's previous heartbeat; the others carry duration 0.
 */
export type HeartbeatEventType =
  /** The session began (duration 0), and its close when the first play or a chapter ends the wait. */
  | 'start'
  /** The analytics start hit was sent for the session. */
  | 'aa_start'
  /** Playing: the content's, or an ad's on `ad` heartbeats. */
  | 'play'
  /** Paused, or seeking (a seek is reported as `pause`); an ad's pause on `ad` heartbeats. */
  | 'pause'
  /** Buffering; inside an ad break with no ad playing, the main `buffer` is the gap between ads. */
  | 'buffer'
  /**
   * Playing, but the playhead has not moved for two polls (the library's stall; wire §2 leaves it
   * out, shared/reference/media-traces/RULES.md rule 23): main only, with no opening heartbeat.
   */
  | 'stall'
  /** The player changed its bitrate (duration 0, the new QoS). */
  | 'bitrate_change'
  /** The player reported an error (`s:event:id`, `s:event:source`). */
  | 'error'
  /** A chapter began: its keys and metadata; the state before it was closed with the old chapter's keys. */
  | 'chapter_start'
  /** A chapter ended played through (a skipped or replaced one sends none). */
  | 'chapter_complete'
  /** The ad's analytics start hit was sent. */
  | 'aa_ad_start'
  /** The content played to its end; on `ad` heartbeats, the ad did. */
  | 'complete'
  /** The session ended (by the page, or idle after 30 minutes paused or buffering). */
  | 'end'
  /** The session follows one that ended idle, resumed by play (wire §2 "Idle"). */
  | 'resume';

/** `s:asset:type`: the main content, or an ad. */
export type HeartbeatAssetType = 'main' | 'ad';

export interface HeartbeatAd {
  /** `s:asset:ad_id`. */
  id: string;
  /** `s:asset:ad_name`. */
  name?: string;
  /** `s:asset:ad_sid`: this playback of the ad. */
  sid: string;
  /** `s:asset:pod_id`: `{md5(content id)}_{break position}`, the library's formula. */
  podId: string;
  /** `s:asset:pod_name`: the ad break's name. */
  podName?: string;
  /** `s:asset:pod_position`: the ad's position in its break. */
  podPosition: number;
  /** `s:asset:resolver`. */
  resolver?: string;
  /** `l:asset:pod_offset`: the break's start time in the content, seconds. */
  podOffset: number;
  /** `l:asset:ad_length`, seconds. */
  length: number;
}

export interface HeartbeatChapter {
  /** `s:stream:chapter_id`: `{md5(content id)}_{chapter position}`. */
  id: string;
  /** `s:stream:chapter_sid`: this playback of the chapter. */
  sid: string;
  /** `s:stream:chapter_name`. */
  name?: string;
  /** `l:stream:chapter_pos`. */
  position: number;
  /** `l:stream:chapter_length`, seconds. */
  length: number;
  /** `l:stream:chapter_offset`: its start time in the content, seconds. */
  offset: number;
}

export interface HeartbeatQoS {
  /** `l:stream:bitrate`, bits per second. */
  bitrate: number;
  /** `l:stream:fps`. */
  fps: number;
  /** `l:stream:dropped_frames`. */
  droppedFrames: number;
  /** `l:stream:startup_time`, milliseconds (the player gives seconds). */
  startupTimeMs: number;
}

export interface Heartbeat {
  analytics: {
    /** `s:sc:rsid`. */
    reportSuite?: string;
    /** `s:sc:tracking_server`. */
    trackingServer?: string;
    /** `h:sc:ssl`. */
    ssl: boolean;
  };
  /** `s:user:mid`, once known. */
  visitorId?: string;
  /**
   * `s:cuser:…`, by integration code. An entry with an empty code or id is not written; an
   * authState other than 1 or 2 is written 0 (unknown).
   */
  customerIds?: Readonly<Record<string, { id: string; authState?: AuthState }>>;
  serviceProvider: {
    /** `s:sp:ovp`. */
    ovp?: string;
    /** `s:sp:sdk`: the player's app version. */
    sdk?: string;
    /** `s:sp:channel`. */
    channel?: string;
    /** `s:sp:player_name`. */
    playerName: string;
    /** `s:sp:hb_version`. */
    libraryVersion: string;
    /** `l:sp:hb_api_lvl`. */
    apiLevel: number;
  };
  event: {
    /** `s:event:sid`: epoch ms followed by random digits. */
    sessionId: string;
    /** `s:event:type`. */
    type: HeartbeatEventType;
    /** `l:event:duration`, ms. */
    duration: number;
    /** `l:event:playhead`, seconds. */
    playhead: number;
    /** `l:event:ts`, epoch ms. */
    ts: number;
    /** `l:event:prev_ts`, epoch ms, -1 for the first of its type in the session. */
    prevTs: number;
    /** `s:event:id`: an error's id. */
    errorId?: string;
    /** `s:event:source`: an error's source. */
    errorSource?: string;
  };
  asset: {
    /** `s:asset:type`. */
    type: HeartbeatAssetType;
    /** `s:asset:name`. */
    name?: string;
    /** `s:asset:video_id`. */
    videoId: string;
    /** `s:asset:publisher`. */
    publisher: string;
    /** `l:asset:length`, seconds. */
    length: number;
    /** The ad and its break, on `ad` heartbeats. */
    ad?: HeartbeatAd;
  };
  stream: {
    /** `s:stream:type`: vod, live, linear, podcast, audiobook, aod. */
    type: string;
    qos: HeartbeatQoS;
    /** The open chapter, on every heartbeat while it is open. */
    chapter?: HeartbeatChapter;
  };
  /** `s:meta:{key}`: custom and standard metadata. */
  meta: Record<string, string>;
  /** `gdpr`, `gdpr_consent` (untyped keys, the IAB convention): the visitor's TCF signal, when sent. */
  consent?: TcfSignal;
}
