import type { Broadcast, Station } from '@mesura/content';
import { useRef, type RefObject } from 'react';
import type { PageData, VideoData } from '../measurement/data-layer-types';
import { useLiveStream } from './use-live-stream';

interface RadioPlayerProps {
  station: Station;
  schedule: readonly Broadcast[];
  initial: Broadcast;
  dataLayerFor(broadcast: Broadcast): { page: PageData; video: VideoData };
  /** Plays as soon as the stream can (the pop-out window, opened by the visitor's click). */
  autoPlay?: boolean;
  /** Gets the element, so that the page can pause it (the pop-out takes over). */
  mediaRef?: RefObject<HTMLAudioElement | null>;
}

/** A station's live audio: play and pause, and whether it plays. */
export function RadioPlayer({ station, schedule, initial, dataLayerFor, autoPlay = false, mediaRef }: RadioPlayerProps) {
  const own = useRef<HTMLAudioElement>(null);
  const media = mediaRef ?? own;
  const { state } = useLiveStream(media, { src: station.liveSrc, guide: schedule, initial, dataLayerFor });
  const toggle = () => {
    const element = media.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  return (
    <div className="radio-player" data-playing={state.playing ? 'true' : 'false'} data-media-tracking={state.tracked ? 'on' : 'off'}>
      {/* biome-ignore lint/a11y/useMediaCaption: a live radio station has no captions file or transcript of what it broadcasts. */}
      <audio ref={media} autoPlay={autoPlay} preload="none" aria-label={`${station.name} en directe`} />
      {/* Its name says what it does next ("Pausa"), as the video's play button does; aria-pressed as
          well would read "Pausa, pressed" of a station that plays. */}
      <button type="button" className="radio-player__toggle" onClick={toggle}>
        {state.playing ? 'Pausa' : `Escolta ${station.name}`}
      </button>
      <p className="radio-player__state meta" role="status">
        {state.playing ? 'Sonant en directe' : 'Aturada'}
      </p>
    </div>
  );
}
