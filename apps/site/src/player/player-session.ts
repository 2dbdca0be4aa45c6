/**
 * One player on a page: the content's element, the ad player's element and the media item, wired
 * together. "Reprodueix" plays the preroll break (from its VAST files), then the content; chapters
 * follow the playhead; the media tracker follows the content from the moment `/mesura-media.js`
 * is there (its HTML5 adapter), and hears of ads and chapters from here.
 */
import type { PlayerTracking } from '@mesura/media/players';
import type { MediaItem } from '../content/media-items';
import { playAdBreak } from './ad-break';
import { chapterCalls, type ChapterCall } from './chapters';
import { attachHls, type HlsPlayer } from './hls-source';
import type { MesuraMediaApi } from './media-api';
import { parseVast, type VastAd } from './vast';

/** `s:sp:player_name` of the site's player, playing a file or an HLS stream; `s:sp:channel`. */
export const PLAYER_NAME = 'mesura-html5';
export const HLS_PLAYER_NAME = 'mesura-hls.js';
export const CHANNEL = 'mesura.cat';

export type PlayerPhase =
  /** Nothing played yet: the play button shows. */
  | 'ready'
  /** The preroll break plays. */
  | 'ads'
  /** The content plays (or is paused, or ended). */
  | 'content';

export interface PlayerState {
  phase: PlayerPhase;
  /** The ad playing: its title, and its place in the break ("Anunci 1 de 2"). */
  ad?: { title: string; number: number; count: number };
  /** The chapter the playhead is in, by index. */
  chapter?: number;
  /** The media tracker follows this player. */
  tracked: boolean;
}

export interface PlayerSessionOptions {
  item: MediaItem;
  content: HTMLMediaElement;
  /** The ad player's <video>; required when the item has a preroll. */
  adElement?: HTMLMediaElement | null;
  /** The media API, when it comes (player/media-api.ts: whenMediaApi()). */
  api: Promise<MesuraMediaApi>;
  onChange: (state: PlayerState) => void;
  /** GET a text document (the VAST files). Default fetch. */
  fetchText?: (url: string) => Promise<string>;
  /** Plays an HLS item's stream in the element. Default attachHls (hls.js). */
  attachHls?: (src: string, media: HTMLMediaElement) => Promise<HlsPlayer | undefined>;
}

export interface PlayerSession {
  /** Plays: the preroll first, the first time; then the content. */
  play(): Promise<void>;
  /** Stops following the elements; ends the tracked session. */
  destroy(): void;
}

export function startPlayerSession(options: PlayerSessionOptions): PlayerSession {
  const { item, content } = options;
  let state: PlayerState = { phase: 'ready', tracked: false };
  let tracking: PlayerTracking | undefined;
  let destroyed = false;
  const update = (change: Partial<PlayerState>) => options.onChange((state = { ...state, ...change }));

  // The stream plays whether or not the tracker comes; the tracker follows hls.js when it plays it.
  const hls = item.delivery === 'hls' ? (options.attachHls ?? attachHls)(item.src, content) : Promise.resolve(undefined);
  void Promise.all([options.api, hls]).then(([api, player]) => {
    if (destroyed) return;
    tracking = player
      ? api.trackHlsPlayer(player, { playerName: HLS_PLAYER_NAME, channel: CHANNEL, media: content })
      : api.trackHtml5Player(content, { playerName: PLAYER_NAME, channel: CHANNEL });
    update({ tracked: true });
  });
  const stopChapters = followChapters(item, content, (calls) => {
    for (const call of calls) applyChapterCall(tracking, call);
    const started = calls.find((call) => call.call === 'start');
    update({ chapter: started?.index });
  });

  return {
    async play() {
      if (state.phase === 'ready' && item.prerollVast.length > 0 && options.adElement) {
        update({ phase: 'ads' });
        const ads = await loadAds(item.prerollVast, options.fetchText ?? fetchText, options.adElement);
        await playAdBreak({
          element: options.adElement,
          ads,
          tracking: () => tracking,
          onAd: (ad, index) => update({ ad: { title: ad.title, number: index + 1, count: ads.length } }),
        });
      }
      if (destroyed) return;
      update({ phase: 'content', ad: undefined });
      await content.play().catch(() => undefined);
    },
    destroy() {
      destroyed = true;
      stopChapters();
      tracking?.destroy();
      void hls.then((player) => player?.destroy());
    },
  };
}

/**
 * Chapters follow the playhead: the first frame opens one, playing on moves to the next, a seek
 * jumps. Listeners are added before the tracker's, so that the last chapter completes before the
 * content does.
 */
function followChapters(item: MediaItem, content: HTMLMediaElement, apply: (calls: ChapterCall[]) => void): () => void {
  let open: number | undefined;
  const move = (by: 'play' | 'seek') => {
    if (item.chapters.length === 0 || (by === 'play' && (content.seeking || (content.paused && !content.ended)))) return;
    const calls = chapterCalls(item.chapters, open, content.currentTime, by);
    if (calls.length === 0) return;
    const started = calls.find((call) => call.call === 'start');
    open = started?.index;
    apply(calls);
  };
  const onPlay = () => move('play');
  const onSeek = () => move('seek');
  const events: [string, () => void][] = [
    ['playing', onPlay],
    ['timeupdate', onPlay],
    ['ended', onPlay],
    ['seeked', onSeek],
  ];
  for (const [type, listener] of events) content.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of events) content.removeEventListener(type, listener);
  };
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
