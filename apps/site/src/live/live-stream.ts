/**
 * A live HLS stream in a media element, with its DVR and its media tracking (the browser adapter
 * of dvr.ts and hls-clock.ts). hls.js (light build) is imported only here, so only live pages load
 * it. The media tracker follows hls.js once the media API is there; when the broadcast at the
 * playhead changes (played on past a guide entry's end, or a DVR seek), the old programme's session
 * ends and a new one starts with the new broadcast's video group, written to the data layer first.
 */
import type { Broadcast } from '@mesura/content';
import type Hls from 'hls.js';
import type { PlayerTracking } from '@mesura/media/players';
import type { PageData, VideoData } from '../measurement/data-layer-types';
import type { MesuraMediaApi } from '../player/media-api';
import { HLS_PLAYER_NAME, CHANNEL } from '../player/player-session';
import { broadcastToFollow, isAtLiveEdge, type DvrRange } from './dvr';
import { mediaTimeAt, wallTimeAt, type DatedFragment } from './hls-clock';

export interface LiveStreamState {
  /** Wall time at the playhead; undefined until the stream has loaded. */
  playheadMs?: number;
  range?: DvrRange;
  /** At the live edge ("En directe"), else behind it ("En diferit"). */
  live: boolean;
  playing: boolean;
  /** The broadcast the data layer and the media session follow. */
  broadcast: Broadcast;
  /** The media tracker follows this stream. */
  tracked: boolean;
}

export interface LiveStreamOptions {
  src: string;
  media: HTMLMediaElement;
  guide: readonly Broadcast[];
  /** The broadcast the page's data layer was written for. */
  initial: Broadcast;
  /** The page fields and video group for a broadcast, rewritten into the data layer when it changes. */
  dataLayerFor(broadcast: Broadcast): { page: PageData; video: VideoData };
  /** The media API, when it comes (whenMediaApi()); never, without consent. */
  api: Promise<MesuraMediaApi>;
  onChange(state: LiveStreamState): void;
  /** Default: the hls.js light build. */
  loadHls?: () => Promise<typeof Hls>;
}

export interface LiveStream {
  /** Seeks to a wall time (clamped by the caller with dvr.ts). */
  seekTo(timeMs: number): void;
  /** Back to the live edge. */
  goLive(): void;
  state(): LiveStreamState;
  destroy(): void;
}

const loadHlsLight = async (): Promise<typeof Hls> => (await import('hls.js/light')).default as unknown as typeof Hls;

export function startLiveStream(options: LiveStreamOptions): LiveStream {
  const { media } = options;
  let hls: Hls | undefined;
  let api: MesuraMediaApi | undefined;
  let tracking: PlayerTracking | undefined;
  let destroyed = false;
  let state: LiveStreamState = { live: true, playing: false, broadcast: options.initial, tracked: false };
  const publish = (change: Partial<LiveStreamState>) => options.onChange((state = { ...state, ...change }));

  const fragments = (): DatedFragment[] => {
    const details = hls?.latestLevelDetails ?? hls?.levels[Math.max(0, hls.currentLevel)]?.details;
    return details?.fragments ?? [];
  };
  const track = () => {
    if (!api || !hls) return;
    tracking = api.trackHlsPlayer(hls, { playerName: HLS_PLAYER_NAME, channel: CHANNEL, media });
    publish({ tracked: true });
  };
  const follow = (playheadMs: number) => {
    const next = broadcastToFollow(options.guide, state.broadcast.id, playheadMs);
    if (!next) return;
    const { page, video } = options.dataLayerFor(next);
    const layer = window.mesuraData;
    if (layer) window.mesuraData = { ...layer, page: { ...layer.page, ...page }, video };
    publish({ broadcast: next });
    // The tracker reads the data layer at session start: the old session ends, the new one starts now.
    if (tracking) {
      tracking.destroy();
      track();
    }
  };
  const update = () => {
    const frags = fragments();
    const playheadMs = wallTimeAt(frags, media.currentTime);
    const seekable = media.seekable.length > 0 ? media.seekable.start(0) : undefined;
    const edge = hls?.liveSyncPosition ?? (media.seekable.length > 0 ? media.seekable.end(0) : undefined);
    const startMs = seekable === undefined ? undefined : wallTimeAt(frags, seekable);
    const liveEdgeMs = edge === undefined || edge === null ? undefined : wallTimeAt(frags, edge);
    const range = startMs === undefined || liveEdgeMs === undefined ? undefined : { startMs, liveEdgeMs };
    publish({
      playheadMs,
      range,
      live: playheadMs === undefined || range === undefined ? true : isAtLiveEdge(playheadMs, range),
      playing: !media.paused,
    });
    if (playheadMs !== undefined && !media.seeking) follow(playheadMs);
  };
  const events = ['timeupdate', 'playing', 'pause', 'seeked', 'loadedmetadata'];
  for (const type of events) media.addEventListener(type, update);

  void (options.loadHls ?? loadHlsLight)().then((HlsJs) => {
    if (destroyed) return;
    if (!HlsJs.isSupported()) {
      media.src = options.src;
      return;
    }
    hls = new HlsJs({ liveDurationInfinity: true });
    hls.loadSource(options.src);
    hls.attachMedia(media);
    void options.api.then((arrived) => {
      if (destroyed) return;
      api = arrived;
      track();
    });
  });

  return {
    seekTo(timeMs) {
      const target = mediaTimeAt(fragments(), timeMs);
      if (target !== undefined) media.currentTime = target;
    },
    goLive() {
      const edge = hls?.liveSyncPosition;
      if (edge !== undefined && edge !== null) media.currentTime = edge;
      void media.play().catch(() => undefined);
    },
    state: () => state,
    destroy() {
      destroyed = true;
      for (const type of events) media.removeEventListener(type, update);
      tracking?.destroy();
      hls?.destroy();
    },
  };
}
