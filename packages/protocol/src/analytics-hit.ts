/**
 * One analytics beacon, decoded: what the measurement library (or Mesura's SDK) sent, with the
 * wire's slots still as slots. The variable map turns slots into names (variable-map.ts).
 */
import type { TcfSignal } from './tcf-signal.js';

/** Link-track type of `pe`: custom link, download link, exit link. */
export type LinkType = 'o' | 'd' | 'e';

/**
 * What kind of hit a beacon is.
 * - `page_view`: no `pe`.
 * - `link_o`, `link_d`, `link_e`: `pe=lnk_o|lnk_d|lnk_e`.
 * - `media_start`, `ad_start`: `pe=ms_s` / `pe=msa_s` sent by the heartbeat library.
 * - `page_engagement`: `pe=eng`, Mesura's own: a page's engaged time and scroll depth (page-engagement.ts).
 */
export type HitType = 'page_view' | 'link_o' | 'link_d' | 'link_e' | 'media_start' | 'ad_start' | 'page_engagement';

/** The `t` parameter: client wall-clock time as the library writes it (`D/M/YYYY H:m:s W O`). */
export interface ClientTime {
  day: number;
  /** 0-based month, as on the wire (January is 0). */
  month0: number;
  year: number;
  hour: number;
  minute: number;
  second: number;
  /** 0–6, Sunday is 0. */
  weekday: number;
  /** Time-zone offset in minutes, as the library writes it (`Date#getTimezoneOffset()`). */
  tzOffsetMin: number;
}

/** One entry of `events`: `eventN`, `eventN=value` (numeric) or `eventN:serial`. */
export interface BeaconEvent {
  /** N of eventN (1–1000). */
  id: number;
  value?: number;
  serial?: string;
}

/** Visitor ids: `mid` (visitor-id service), `fid` (library fallback), `aid` (legacy), `vid` (custom). */
export interface VisitorIds {
  mid?: string;
  fid?: string;
  aid?: string;
  vid?: string;
}

export interface LinkInfo {
  type: LinkType;
  /** `pev1`: the link URL. */
  url?: string;
  /** `pev2`: the link name. */
  name?: string;
}

/** `pe=ms_s|msa_s` with `pev3`: a media-start hit from the heartbeat library. */
export interface MediaStartInfo {
  kind: 'ms_s' | 'msa_s';
  /** `pev3`: video, audio or videoAd. */
  mediaType: string;
}

/** Browser facts the library adds: `s`, `c`, `j`, `v`, `k`, `bw`, `bh`. */
export interface BrowserInfo {
  screen?: string;
  colorDepth?: string;
  jsVersion?: string;
  java?: string;
  cookiesEnabled?: string;
  browserWidth?: string;
  browserHeight?: string;
}

export interface AnalyticsHit {
  /** Mesura's de-duplication id (`eid`); absent in the commercial library's beacons. */
  eventId?: string;
  clientTime: ClientTime;
  visitor: VisitorIds;
  pageName?: string;
  /** `g`: page URL. */
  url?: string;
  /** `r`: referrer. */
  referrer?: string;
  /** `ch`: channel, the site section. */
  channel?: string;
  /** `ce`: character set. */
  charset?: string;
  /** `cc`: currency code. */
  currency?: string;
  events: BeaconEvent[];
  /** `cN` → value (props, traffic variables, 1–75). */
  props: Record<number, string>;
  /** `vN` → value (eVars, conversion variables, 0–250; v0 is the campaign). */
  eVars: Record<number, string>;
  /** `hN` → value (hierarchies, 1–5). */
  hierarchies: Record<number, string>;
  /** `lN` → value (list variables, 1–3). */
  lists: Record<number, string>;
  /** Context data, flattened to dotted keys (`c.&a.&key=v&.a&.c` → `a.key`). */
  contextData: Record<string, string>;
  link?: LinkInfo;
  media?: MediaStartInfo;
  browser: BrowserInfo;
  /** `lrt`: last request time (ms). */
  lastRequestTime?: number;
  /** `gdpr`, `gdpr_consent`: the visitor's TCF signal; absent when the beacon carries none. */
  consent?: TcfSignal;
}

/** The beacon's path: `/b/ss/{reportSuite[,suite…]}/1/{libraryVersion}/s{random}`. */
export interface BeaconAddress {
  reportSuites: string[];
  libraryVersion: string;
  /** The digits after `s`: a cache-buster the library draws per beacon. */
  random: string;
}

export interface Beacon {
  address: BeaconAddress;
  hitType: HitType;
  hit: AnalyticsHit;
}
