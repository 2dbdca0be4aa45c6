import { useState } from 'react';
import { DVR_ACTION_TEXT } from './live-page-fields';
import { isAtLiveEdge, programmeStartInWindow, programmeStartTarget, scrubTarget, stepBackTarget, type DvrAction } from './dvr';
import type { LiveStreamState } from './live-stream';

interface DvrControlsProps {
  state: LiveStreamState;
  /** Seeks to a wall time and reports the control used (scDVR). */
  onSeek(action: DvrAction, timeMs: number | 'live'): void;
}

const SECOND_MS = 1000;

/** "-30 s", "Torna a l'inici del programa", "Directe", and a scrubber over the DVR window. */
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
  return (
    <div className="dvr" data-live-state={live ? 'directe' : 'diferit'}>
      <p className={`dvr__state dvr__state--${live ? 'live' : 'delayed'}`} role="status">
        {live ? 'En directe' : `En diferit (−${formatBehind(behindSeconds)})`}
      </p>
      <div className="dvr__buttons">
        {/* The visible text is the accessible name (WCAG 2.5.3): no shorter label that a voice user could not say. */}
        <button type="button" disabled={!ready} onClick={() => ready && onSeek('enrere', stepBackTarget(playheadMs, range))}>
          {DVR_ACTION_TEXT.enrere}
        </button>
        <button
          type="button"
          disabled={!ready}
          title={ready && !programmeStartInWindow(broadcast, range) ? "L'inici ja no és al diferit: torna tan enrere com es pot" : undefined}
          onClick={() => ready && onSeek('inici-programa', programmeStartTarget(broadcast, range))}
        >
          {DVR_ACTION_TEXT['inici-programa']}
        </button>
        <button type="button" disabled={!ready || live} onClick={() => onSeek('directe', 'live')}>
          {DVR_ACTION_TEXT.directe}
        </button>
      </div>
      <label className="dvr__scrub">
        <span>Posició en el diferit</span>
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
    </div>
  );
}

/** "2 min 05 s" behind the live edge. */
function formatBehind(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes === 0 ? `${rest} s` : `${minutes} min ${String(rest).padStart(2, '0')} s`;
}
