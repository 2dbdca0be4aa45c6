import { useState } from 'react';
import { BackThirtyIcon, ToStartIcon } from '../player/player-icons';
import { DVR_ACTION_TEXT } from './live-page-fields';
import { isAtLiveEdge, programmeStartInWindow, programmeStartTarget, scrubTarget, stepBackTarget, type DvrAction } from './dvr';
import type { LiveStreamState } from './live-stream';

interface DvrControlsProps {
  state: LiveStreamState;
  /** Seeks to a wall time and reports the control used (scDVR). */
  onSeek(action: DvrAction, timeMs: number | 'live'): void;
}

const SECOND_MS = 1000;
const START_GONE_TEXT = "L'inici ja no és al diferit: torna tan enrere com es pot";

/**
 * The DVR in media-chrome's control bar: the window's seek bar on the bar's top row, then "-30 s"
 * and "Torna a l'inici del programa" as icons, where the playhead is, and "Directe". They are the
 * site's own controls rather than media-chrome's seek bar and live button: each seeks in wall time
 * (hls-clock.ts) and is measured (scDVR) by what it is, which a library control acting on the
 * media element would not say.
 */
export function DvrControls({ state, onSeek }: DvrControlsProps) {
  const { range, playheadMs, broadcast } = state;
  const ready = range !== undefined && playheadMs !== undefined;
  const live = !ready || isAtLiveEdge(playheadMs, range);
  const behindSeconds = ready ? Math.max(0, Math.round((range.liveEdgeMs - playheadMs) / SECOND_MS)) : 0;
  const windowSeconds = ready ? Math.round((range.liveEdgeMs - range.startMs) / SECOND_MS) : 0;
  // While the visitor moves the scrubber it shows their choice; letting go seeks there.
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const commitScrub = (value: string) => {
    setChosen(undefined);
    if (!ready) return;
    onSeek('barra', scrubTarget(-Number(value) * SECOND_MS, range));
  };
  const startTitle = ready && !programmeStartInWindow(broadcast, range) ? START_GONE_TEXT : DVR_ACTION_TEXT['inici-programa'];
  return (
    <div className="dvr" data-live-state={live ? 'directe' : 'diferit'}>
      <label className="dvr__scrub">
        <span className="visually-hidden">Posició en el diferit</span>
        <input
          type="range"
          min={-windowSeconds}
          max={0}
          step={1}
          disabled={!ready}
          value={chosen ?? -behindSeconds}
          aria-valuetext={live ? 'En directe' : `${formatBehind(behindSeconds)} enrere`}
          onChange={(event) => setChosen(Number(event.currentTarget.value))}
          onPointerUp={(event) => commitScrub(event.currentTarget.value)}
          onKeyUp={(event) => commitScrub(event.currentTarget.value)}
        />
      </label>
      {/* Icon buttons: the name is the tracked control's text, and the hover label (title) is that
          same text, so what a voice user reads on hover is what they can say (WCAG 2.5.3). */}
      <button
        type="button"
        className="player__button"
        aria-label={DVR_ACTION_TEXT.enrere}
        title={DVR_ACTION_TEXT.enrere}
        disabled={!ready}
        onClick={() => ready && onSeek('enrere', stepBackTarget(playheadMs, range))}
      >
        <BackThirtyIcon />
      </button>
      <button
        type="button"
        className="player__button"
        aria-label={DVR_ACTION_TEXT['inici-programa']}
        title={startTitle}
        disabled={!ready}
        onClick={() => ready && onSeek('inici-programa', programmeStartTarget(broadcast, range))}
      >
        <ToStartIcon />
      </button>
      <p className={`dvr__state dvr__state--${live ? 'live' : 'delayed'}`} role="status">
        {live ? 'En directe' : `En diferit (−${formatBehind(behindSeconds)})`}
      </p>
      {/* The visible text is the name; the dot turns red at the live edge. */}
      <button type="button" className="player__button dvr__live" disabled={!ready || live} onClick={() => onSeek('directe', 'live')}>
        <span className="dvr__dot" aria-hidden="true" />
        {DVR_ACTION_TEXT.directe}
      </button>
    </div>
  );
}

/** "2 min 05 s" behind the live edge. */
function formatBehind(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes === 0 ? `${rest} s` : `${minutes} min ${String(rest).padStart(2, '0')} s`;
}
