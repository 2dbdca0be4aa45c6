/**
 * One player on a page: the content's element, the ad player's element and the media, wired
 * together. "Reprodueix" plays the preroll break (from its VAST files), then the content; midrolls
 * interrupt the content where they are due; chapters follow the playhead; the quality menu picks an
 * hls.js level; the subtitles toggle shows the track. The media tracker follows the content from
 * the moment `/mesura-media.js` is there (its HTML5 or hls.js adapter, which also report the QoS:
 * the level's bitrate and frame rate, dropped frames, startup time), and hears of ads and chapters
 * from here.
 */
import type { Events } from 'hls.js';
import type { PlayerTracking } from '@mesura/media/players';
import type { DataLayer } from '../measurement/data-layer-types';
import { sendDirectCall, type DirectCall, type LinkCallDetail } from '../measurement/direct-calls';
import { playAdBreak, skipAd } from './ad-break';
import { prerollOf, scheduleBreaks, type ScheduledBreak } from './ad-schedule';
import type { ChapterCall } from './chapters';
import { followChapters, followMidrolls } from './follow-playhead';
import { attachHls, type HlsPlayer } from './hls-source';
import type { MesuraMediaApi } from './media-api';
import type { PlayableMedia } from './playable-media';
import { AUTO_LEVEL, chooseLevel, qualityLevels, type QualityState } from './quality';
import { showSubtitles, subtitlesCallDetail, withSubtitled } from './subtitles';
import { parseVast, type VastAd } from './vast';
import { lateAdCalls, type AdCalls } from './late-ad-calls';

/** `s:sp:player_name` of the site's player, playing a file or an HLS stream; `s:sp:channel`. */
export const PLAYER_NAME = 'mesura-html5';
export const HLS_PLAYER_NAME = 'mesura-hls.js';
export const CHANNEL = 'mesura.cat';
/**
 * §9 "Video analytics settings": the player type (`s:sp:ovp`; both play through an HTML5 media
 * element, hls.js feeding it) and the player's app version (`s:sp:sdk`), which reports split by:
 * raise it with each release of the player.
 */
export const PLAYER_TYPE = 'html5';
export const PLAYER_APP_VERSION = 'mesura-player 1.0.0';
const PLAYER_SETTINGS = { channel: CHANNEL, playerType: PLAYER_TYPE, appVersion: PLAYER_APP_VERSION };

export type PlayerPhase =
  /** Nothing played yet: the play button shows. */
  | 'ready'
  /** An ad break plays (the preroll, or a midroll with the content paused under it). */
  | 'ads'
  /** The content plays (or is paused, or ended). */
  | 'content';

/** The ad playing, as the overlay shows it. */
export interface PlayingAd {
  title: string;
  /** Its place in the break ("Anunci 1 de 2"). */
  number: number;
  count: number;
  lengthSeconds: number;
  skipOffsetSeconds?: number;
  clickThrough?: string;
}

export interface PlayerState {
  phase: PlayerPhase;
  ad?: PlayingAd;
  /** The chapter the playhead is in, by index. */
  chapter?: number;
  /** The media tracker follows this player. */
  tracked: boolean;
  /** The renditions and the choice among them; undefined for a single file. */
  quality?: QualityState;
  /** The subtitles show. */
  subtitles?: boolean;
}

export interface PlayerSessionOptions {
  /** What plays (playable-media.ts maps an episode onto it). */
  item: PlayableMedia;
  content: HTMLMediaElement;
  /** The ad player's <video>; required when the media has ad breaks. */
  adElement?: HTMLMediaElement | null;
  /** The media API, when it comes (player/media-api.ts: whenMediaApi()). */
  api: Promise<MesuraMediaApi>;
  onChange: (state: PlayerState) => void;
  /** GET a text document (the VAST files). Default fetch. */
  fetchText?: (url: string) => Promise<string>;
  /** Plays an HLS item's stream in the element. Default attachHls (hls.js). */
  attachHls?: (src: string, media: HTMLMediaElement) => Promise<HlsPlayer | undefined>;
  /** Sends a direct call. Default sendDirectCall (the page's Mesura queue). */
  sendCall?: (call: DirectCall, detail: LinkCallDetail) => void;
  /** The page's data layer, read and rewritten by the subtitles toggle. Default `window.mesuraData`. */
  dataLayer?: { get(): DataLayer | undefined; set(layer: DataLayer): void };
  /** The page's address, for the direct calls. Default `location.href`. */
  pageUrl?: () => string;
}

export interface PlayerSession {
  /** Plays: the preroll first, the first time; then the content. */
  play(): Promise<void>;
  /** Chooses a rendition (an hls.js level index) or AUTO_LEVEL. */
  setLevel(level: number): void;
  /** Shows or hides the subtitles, and measures it (scSubtitols). */
  setSubtitles(on: boolean): void;
  /** Ends the ad playing, skipped ("Salta l'anunci"). */
  skipAd(): void;
  /** Stops following the elements; ends the tracked session. */
  destroy(): void;
}

const HLS_MANIFEST_PARSED = 'hlsManifestParsed' as Events.MANIFEST_PARSED;
const HLS_LEVEL_SWITCHED = 'hlsLevelSwitched' as Events.LEVEL_SWITCHED;

export function startPlayerSession(options: PlayerSessionOptions): PlayerSession {
  const media = options.item;
  const { content } = options;
  let state: PlayerState = { phase: 'ready', tracked: false, ...(media.subtitles ? { subtitles: false } : {}) };
  let tracking: PlayerTracking | undefined;
  let destroyed = false;
  let player: HlsPlayer | undefined;
  const update = (change: Partial<PlayerState>) => options.onChange((state = { ...state, ...change }));
  const breaks = scheduleBreaks(media.adBreaks);

  // The stream plays whether or not the tracker comes; the tracker follows hls.js when it plays it.
  const hls = media.delivery === 'hls' ? (options.attachHls ?? attachHls)(media.src, content) : Promise.resolve(undefined);
  void hls.then((attached) => {
    if (destroyed || !attached) return;
    player = attached;
    followLevels(attached, (quality) => update({ quality: { ...quality, selected: state.quality?.selected ?? AUTO_LEVEL } }));
  });
  // The ads' calls go through here, so that a tracker that comes during a break still hears of it.
  const adCalls = lateAdCalls(() => tracking);
  void Promise.all([options.api, hls]).then(([api, attached]) => {
    if (destroyed) return;
    tracking = trackPlayer(api, attached, content);
    adCalls.joined();
    update({ tracked: true });
  });
  const stopChapters = followChapters(media.chapters, content, (calls) => {
    for (const call of calls) applyChapterCall(tracking, call);
    update({ chapter: calls.find((call) => call.call === 'start')?.index });
  });

  const breakContext: BreakContext = { options, tracking: () => adCalls, destroyed: () => destroyed, update };
  const runBreak = (adBreak: ScheduledBreak, hold?: () => void) => runAdBreak(breakContext, adBreak, hold);
  const stopMidrolls = followMidrolls(breaks, content, (adBreak) => {
    void runBreak(adBreak, () => content.pause()).then(() => {
      if (destroyed || state.phase !== 'ads') return;
      update({ phase: 'content', ad: undefined });
      void content.play().catch(() => undefined);
    });
  });

  return {
    async play() {
      const preroll = state.phase === 'ready' ? prerollOf(breaks) : undefined;
      if (preroll) {
        update({ phase: 'ads' });
        await runBreak(preroll);
      }
      if (destroyed) return;
      update({ phase: 'content', ad: undefined });
      await content.play().catch(() => undefined);
    },
    setLevel(level) {
      if (!player || !state.quality) return;
      const quality = chooseLevel(state.quality, level);
      if (quality === state.quality) return;
      // currentLevel switches at once (the buffer ahead is replaced): the visitor sees the choice.
      player.currentLevel = quality.selected;
      update({ quality });
    },
    setSubtitles(on) {
      if (!media.subtitles || state.subtitles === on) return;
      applySubtitles(options, media, on);
      update({ subtitles: on });
    },
    skipAd() {
      if (options.adElement && state.phase === 'ads') skipAd(options.adElement);
    },
    destroy() {
      destroyed = true;
      stopChapters();
      stopMidrolls();
      tracking?.destroy();
      void hls.then((attached) => attached?.destroy());
    },
  };
}

interface BreakContext {
  options: PlayerSessionOptions;
  tracking: () => AdCalls | undefined;
  destroyed: () => boolean;
  update: (change: Partial<PlayerState>) => void;
}

/** Plays one break's ads; `hold` pauses the content once the tracker knows the break began. */
async function runAdBreak({ options, tracking, destroyed, update }: BreakContext, adBreak: ScheduledBreak, hold?: () => void): Promise<void> {
  if (!options.adElement) return;
  const ads = await loadAds(adBreak.vast, options.fetchText ?? fetchText, options.adElement);
  if (destroyed() || ads.length === 0) return;
  update({ phase: 'ads' });
  await playAdBreak({
    element: options.adElement,
    ads,
    adBreak: adBreak.info,
    tracking,
    onBreakStart: hold,
    onAd: (ad, index) => update({ ad: playingAd(ad, index, ads.length) }),
  });
}

/** The media tracker follows hls.js when it plays the stream, else the element. */
function trackPlayer(api: MesuraMediaApi, hls: HlsPlayer | undefined, content: HTMLMediaElement): PlayerTracking {
  return hls ? api.trackHlsPlayer(hls, { ...PLAYER_SETTINGS, playerName: HLS_PLAYER_NAME, media: content }) : api.trackHtml5Player(content, { ...PLAYER_SETTINGS, playerName: PLAYER_NAME });
}

/** Shows or hides the track, then tells measurement: the data layer first, so the call sees it. */
function applySubtitles(options: PlayerSessionOptions, media: PlayableMedia, on: boolean): void {
  showSubtitles(options.content, on);
  const layer = options.dataLayer ?? windowDataLayer;
  const updated = withSubtitled(layer.get(), on);
  if (updated) layer.set(updated);
  const pageUrl = (options.pageUrl ?? (() => window.location.href))();
  (options.sendCall ?? sendDirectCall)('scSubtitols', subtitlesCallDetail(media, on, pageUrl, updated?.page.seccio ?? ''));
}

const windowDataLayer = {
  get: () => window.mesuraData,
  set: (layer: DataLayer) => void (window.mesuraData = layer),
};

function playingAd(ad: VastAd, index: number, count: number): PlayingAd {
  return {
    title: ad.title,
    number: index + 1,
    count,
    lengthSeconds: ad.lengthSeconds,
    ...(ad.skipOffsetSeconds === undefined ? {} : { skipOffsetSeconds: ad.skipOffsetSeconds }),
    ...(ad.clickThrough === undefined ? {} : { clickThrough: ad.clickThrough }),
  };
}

/** The renditions hls.js found, and the one it plays, as they become known. */
function followLevels(hls: HlsPlayer, change: (quality: Omit<QualityState, 'selected'>) => void): void {
  const known = () => ({ levels: qualityLevels(hls.levels), ...(hls.currentLevel >= 0 ? { playing: hls.currentLevel } : {}) });
  if (hls.levels.length > 0) change(known());
  hls.on(HLS_MANIFEST_PARSED, () => change(known()));
  hls.on(HLS_LEVEL_SWITCHED, (_event, data) => change({ ...known(), playing: data.level }));
}

function applyChapterCall(tracking: PlayerTracking | undefined, call: ChapterCall): void {
  if (call.call === 'complete') return tracking?.chapterComplete();
  if (call.call === 'skip') return tracking?.chapterSkip();
  const { name, length, startTime } = call.chapter;
  tracking?.chapterStart({ name, position: call.index + 1, length, startTime });
}

/** The break's ads in order; a VAST file that fails to load or parse is left out, as an ad server's no-fill is. */
async function loadAds(urls: readonly string[], fetchDocument: (url: string) => Promise<string>, player: HTMLMediaElement): Promise<VastAd[]> {
  const canPlay = (type: string) => type !== '' && player.canPlayType(type) !== '';
  const documents = await Promise.all(urls.map((url) => fetchDocument(url).catch(() => '')));
  return documents.flatMap((xml) => {
    const ad = xml === '' ? undefined : parseVast(xml, { canPlay });
    return ad ? [ad] : [];
  });
}

function fetchText(url: string): Promise<string> {
  return fetch(url).then((answer) => (answer.ok ? answer.text() : Promise.reject(new Error(`HTTP ${answer.status}`))));
}
