import { imagePath, type Broadcast, type Channel } from '@mesura/content';
import { useRef } from 'react';
import type { PageData, VideoData } from '../measurement/data-layer-types';
import { PlayerController } from '../player/player-controller';
import { useMediaChrome } from '../player/use-media-chrome';
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

/** What the player shows before the stream plays: the pool's TV studio, so the first paint has its picture. */
const LIVE_POSTER = imagePath('img-21', 640);

/**
 * A TV channel's live stream: media-chrome's controls over the picture (play and pause, mute and
 * volume, picture-in-picture, full screen), as on demand, and under it the DVR's own controls,
 * which say where the playhead is and send scDVR for each move.
 */
export function LivePlayer({ channel, guide, initial, dataLayerFor, onDvr, children }: LivePlayerProps) {
  useMediaChrome();
  const figure = useRef<HTMLElement>(null);
  const media = useRef<HTMLVideoElement>(null);
  const { state, stream } = useLiveStream(media, { src: channel.liveSrc, guide, initial, dataLayerFor });
  return (
    <>
      <figure ref={figure} className="live-player" data-playing={state.playing ? 'true' : 'false'} data-media-tracking={state.tracked ? 'on' : 'off'} data-broadcast-id={state.broadcast.id}>
        <div className="live-player__stage">
          <PlayerController fullscreenTarget={figure} gestures live>
            {/* biome-ignore lint/a11y/useMediaCaption: a channel's live stream has no captions, neither a file nor a subtitles rendition in its playlist (server/src/live). */}
            <video ref={media} slot="media" className="live-player__video" width={640} height={360} poster={LIVE_POSTER} playsInline aria-label={`${channel.name} en directe`} />
            <LiveControlBar />
          </PlayerController>
        </div>
        <div className="live-player__bar">
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

/** The live stream's bar over the picture: no seek bar here, the DVR's scrubber is the one that is measured. */
function LiveControlBar() {
  return (
    <media-control-bar className="player__controls" role="group" aria-label="Controls del directe">
      <media-play-button notooltip="" />
      <span className="player__spacer" />
      <media-mute-button notooltip="" />
      <media-volume-range />
      <media-pip-button notooltip="" />
      <media-fullscreen-button notooltip="" />
    </media-control-bar>
  );
}
