import { imagePath, stationPosterId, type Broadcast, type Channel } from '@mesura/content';
import { type KeyboardEvent, useRef } from 'react';
import type { PageData, VideoData } from '../measurement/data-layer-types';
import { toggleFullscreen, toggleMute, togglePlay } from '../player/element-actions';
import { type PlayerKeyAction, playerKeyAction } from '../player/keyboard';
import { PlayButton } from '../player/play-button';
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

/**
 * A TV channel's live stream: media-chrome's control bar over the picture, as on demand (play and
 * pause, mute and volume, picture-in-picture, full screen), holding the DVR's own controls (the
 * window's seek bar, "-30 s", back to the programme's start, where the playhead is, "Directe"),
 * which send scDVR for each move. Before the stream plays it shows the channel's poster (made with
 * the channel's loop at build), so the first paint has its picture.
 */
export function LivePlayer({ channel, guide, initial, dataLayerFor, onDvr, children }: LivePlayerProps) {
  useMediaChrome();
  const figure = useRef<HTMLElement>(null);
  const media = useRef<HTMLVideoElement>(null);
  const { state, stream } = useLiveStream(media, { src: channel.liveSrc, guide, initial, dataLayerFor });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const action = playerKeyAction({ key: event.key, targetTag: target.tagName, targetRole: target.getAttribute('role') ?? undefined, modifier: event.ctrlKey || event.metaKey || event.altKey });
    if (action && media.current && runLiveKey(action, media.current, figure.current)) event.preventDefault();
  };
  return (
    <>
      <figure
        ref={figure}
        className="live-player"
        onKeyDown={onKeyDown}
        data-playing={state.playing ? 'true' : 'false'}
        data-media-tracking={state.tracked ? 'on' : 'off'}
        data-broadcast-id={state.broadcast.id}
      >
        <div className="live-player__stage">
          <PlayerController fullscreenTarget={figure} gestures live>
            {/* biome-ignore lint/a11y/useMediaCaption: a channel's live stream has no captions, neither a file nor a subtitles rendition in its playlist (server/src/live). */}
            <video
              ref={media}
              slot="media"
              className="live-player__video"
              width={640}
              height={360}
              poster={imagePath(stationPosterId(channel.slug), 640)}
              playsInline
              tabIndex={0}
              aria-label={`${channel.name} en directe`}
            />
            <media-control-bar className="player__controls" role="group" aria-label="Controls del directe">
              {/* media-chrome's tooltips name each icon on hover and focus, in the button's own words. */}
              <PlayButton />
              <DvrControls
                state={state}
                onSeek={(action, target) => {
                  if (target === 'live') stream.current?.goLive();
                  else stream.current?.seekTo(target);
                  onDvr(action, state.broadcast);
                }}
              />
              <span className="player__spacer" />
              <media-mute-button />
              <media-volume-range />
              <media-pip-button />
              <media-fullscreen-button />
            </media-control-bar>
          </PlayerController>
        </div>
        <figcaption className="meta">{channel.name}</figcaption>
      </figure>
      {children(state)}
    </>
  );
}

/**
 * The on-demand player's keys where they mean the same live: play and pause, mute, full screen.
 * The arrows are left alone: a move in the DVR window is made by the DVR's controls, which say
 * where the playhead went (scDVR). Whether the key was used.
 */
function runLiveKey(action: PlayerKeyAction, media: HTMLMediaElement, figure: HTMLElement | null): boolean {
  if (action.action === 'toggle-play') togglePlay(media);
  else if (action.action === 'toggle-mute') toggleMute(media);
  else if (action.action === 'toggle-fullscreen') toggleFullscreen(figure);
  else return false;
  return true;
}
