import type { QualityState } from './quality';
import { PlayButton } from './play-button';
import { QualityMenu } from './quality-menu';
import { SubtitlesIcon } from './player-icons';
import { type SeekMark, SeekMarks } from './seek-marks';
import { subtitlesButtonLabel } from './subtitles';

export interface PlayerControlsProps {
  /** Present when the media has subtitles: whether they show. */
  subtitles?: boolean;
  onToggleSubtitles: () => void;
  /** Present for an HLS stream with renditions. */
  quality?: QualityState;
  onChooseLevel: (level: number) => void;
  /** A video: picture-in-picture and full screen (audio has neither). */
  video: boolean;
  /** Chapter and ad marks on the seek bar. */
  marks: readonly SeekMark[];
}

/**
 * The control bar over the picture. media-chrome draws play and pause, the seek bar, the time,
 * mute and volume, picture-in-picture and full screen, and acts on the media element itself, so the
 * media tracker sees the element's own events as it did. Subtitles and quality are the site's own
 * buttons: each is measured (scSubtitols, the level the visitor chose) through the player session.
 */
export function PlayerControls(props: PlayerControlsProps) {
  return (
    <media-control-bar className="player__controls" role="group" aria-label="Controls del reproductor">
      {/* media-chrome's tooltips name each icon on hover and focus, in the button's own words. */}
      <PlayButton />
      <div className="player__seek">
        <media-time-range />
        <SeekMarks marks={props.marks} />
      </div>
      <media-time-display showduration="" notoggle="" role="timer" />
      <media-mute-button />
      <media-volume-range />
      {/* A toggle keeps its name and tells its state by aria-pressed: a name that changed as well
          would read "Desactiva els subtítols, pressed". The title says what a press does. */}
      {props.subtitles !== undefined && (
        <button type="button" className="player__button" aria-pressed={props.subtitles} title={subtitlesButtonLabel(props.subtitles)} onClick={props.onToggleSubtitles}>
          <SubtitlesIcon />
          <span className="visually-hidden">Subtítols</span>
        </button>
      )}
      {props.quality && props.quality.levels.length > 1 && <QualityMenu quality={props.quality} onChoose={props.onChooseLevel} />}
      {props.video && <media-pip-button />}
      {props.video && <media-fullscreen-button />}
    </media-control-bar>
  );
}
