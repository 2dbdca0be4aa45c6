import { imagePath, type Broadcast, type Channel } from '@mesura/content';
import { useRef } from 'react';
import type { PageData, VideoData } from '../measurement/data-layer-types';
import { DvrControls } from './dvr-controls';
import type { DvrAction } from './dvr';
import type { LiveStreamState } from './live-stream';
import { useLiveStream } from './use-live-stream';

interface LivePlayerProps {
  channel: Channel;
  guide: readonly Broadcast[];
  initial: Broadcast;
  dataLayerFor(broadcast: Broadcast): { page: PageData; video: VideoData };
  /** A DVR control was used (the page sends scDVR), with the broadcast on at the playhead. */
  onDvr(action: DvrAction, broadcast: Broadcast): void;
  /** The stream's state, for the page's now/next. */
  children(state: LiveStreamState): React.ReactNode;
}

/** A TV channel's live stream with its DVR controls. */
/** What the player shows before the stream plays: the pool's TV studio, so the first paint has its picture. */
const LIVE_POSTER = imagePath('img-21', 640);

export function LivePlayer({ channel, guide, initial, dataLayerFor, onDvr, children }: LivePlayerProps) {
  const media = useRef<HTMLVideoElement>(null);
  const { state, stream } = useLiveStream(media, { src: channel.liveSrc, guide, initial, dataLayerFor });
  const toggle = () => {
    const element = media.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  return (
    <>
      <figure className="live-player" data-playing={state.playing ? 'true' : 'false'} data-media-tracking={state.tracked ? 'on' : 'off'} data-broadcast-id={state.broadcast.id}>
        <div className="live-player__stage">
          {/* biome-ignore lint/a11y/useMediaCaption: a channel's live stream has no captions, neither a file nor a subtitles rendition in its playlist (server/src/live). */}
          <video ref={media} className="live-player__video" width={640} height={360} poster={LIVE_POSTER} playsInline aria-label={`${channel.name} en directe`} />
        </div>
        <div className="live-player__bar">
          <button type="button" className="live-player__toggle" onClick={toggle}>
            {state.playing ? 'Pausa' : 'Reprodueix'}
          </button>
          <DvrControls
            state={state}
            onSeek={(action, target) => {
              if (target === 'live') stream.current?.goLive();
              else stream.current?.seekTo(target);
              onDvr(action, state.broadcast);
            }}
          />
        </div>
        <figcaption className="meta">{channel.name}</figcaption>
      </figure>
      {children(state)}
    </>
  );
}
