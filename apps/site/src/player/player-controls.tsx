import { useEffect, useState } from 'react';
import { formatClock } from './chapter-list';
import { KEY_SEEK_SECONDS } from './keyboard';
import type { QualityState } from './quality';
import { QualityMenu } from './quality-menu';
import { subtitlesButtonLabel } from './subtitles';

/** What the controls show of the content's element, kept up to date by its events. */
export interface MediaStatus {
  paused: boolean;
  muted: boolean;
  currentTime: number;
  duration: number;
}

const STATUS_EVENTS = ['play', 'pause', 'timeupdate', 'durationchange', 'volumechange', 'seeked', 'ended'];

export function useMediaStatus(element: HTMLMediaElement | null, lengthSeconds: number): MediaStatus {
  const [status, setStatus] = useState<MediaStatus>({ paused: true, muted: false, currentTime: 0, duration: lengthSeconds });
  useEffect(() => {
    if (!element) return;
    const read = () =>
      setStatus({
        paused: element.paused,
        muted: element.muted,
        currentTime: element.currentTime,
        duration: Number.isFinite(element.duration) && element.duration > 0 ? element.duration : lengthSeconds,
      });
    for (const type of STATUS_EVENTS) element.addEventListener(type, read);
    return () => {
      for (const type of STATUS_EVENTS) element.removeEventListener(type, read);
    };
  }, [element, lengthSeconds]);
  return status;
}

export interface PlayerControlsProps {
  status: MediaStatus;
  onTogglePlay: () => void;
  onSeekTo: (seconds: number) => void;
  onToggleMute: () => void;
  /** Present when the media has subtitles: whether they show. */
  subtitles?: boolean;
  onToggleSubtitles: () => void;
  /** Present for an HLS stream with renditions. */
  quality?: QualityState;
  onChooseLevel: (level: number) => void;
  /** Absent for audio. */
  onToggleFullscreen?: () => void;
}

/** The control bar: every control a real button (or the position slider) with a Catalan label. */
export function PlayerControls(props: PlayerControlsProps) {
  const { status } = props;
  return (
    <fieldset className="player__controls" aria-label="Controls del reproductor">
      <button type="button" onClick={props.onTogglePlay}>
        {status.paused ? 'Reprodueix' : 'Pausa'}
      </button>
      {/* The visible text is the accessible name (WCAG 2.5.3 Label in Name), as the live player's
          "Enrere 30 segons": a voice user says what they see. */}
      <button type="button" onClick={() => props.onSeekTo(status.currentTime - KEY_SEEK_SECONDS)}>
        Enrere {KEY_SEEK_SECONDS} segons
      </button>
      <button type="button" onClick={() => props.onSeekTo(status.currentTime + KEY_SEEK_SECONDS)}>
        Endavant {KEY_SEEK_SECONDS} segons
      </button>
      <input
        type="range"
        className="player__position"
        aria-label="Posició"
        min={0}
        max={Math.floor(status.duration)}
        step={1}
        value={Math.floor(status.currentTime)}
        aria-valuetext={`${formatClock(status.currentTime)} de ${formatClock(status.duration)}`}
        onChange={(event) => props.onSeekTo(Number(event.target.value))}
      />
      <span className="player__time meta">
        {formatClock(status.currentTime)} / {formatClock(status.duration)}
      </span>
      {/* A toggle keeps its name and tells its state by aria-pressed, as "Subtítols" does: a name
          that changed as well would read "Activa el so, pressed" while the sound is off. */}
      <button type="button" aria-pressed={status.muted} onClick={props.onToggleMute}>
        Silencia
      </button>
      {props.subtitles !== undefined && (
        <button type="button" aria-pressed={props.subtitles} title={subtitlesButtonLabel(props.subtitles)} onClick={props.onToggleSubtitles}>
          Subtítols
        </button>
      )}
      {props.quality && props.quality.levels.length > 1 && <QualityMenu quality={props.quality} onChoose={props.onChooseLevel} />}
      {props.onToggleFullscreen && (
        <button type="button" onClick={props.onToggleFullscreen}>
          Pantalla completa
        </button>
      )}
    </fieldset>
  );
}
