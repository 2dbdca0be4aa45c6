import { useId, useState } from 'react';
import { QualityIcon } from './player-icons';
import { AUTO_LEVEL, qualityButtonText, type QualityState } from './quality';

/**
 * "Qualitat": a menu button with Automàtica and one entry per rendition, the chosen one checked.
 * The button shows its icon and the level ("360p"); its name is the whole "Qualitat: 360p", which
 * contains what it shows (WCAG 2.5.3).
 */
export function QualityMenu({ quality, onChoose }: { quality: QualityState; onChoose: (level: number) => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const choose = (level: number) => {
    onChoose(level);
    setOpen(false);
  };
  const entries = [{ index: AUTO_LEVEL, label: 'Automàtica' }, ...[...quality.levels].reverse()];
  const [named, shown] = splitButtonText(qualityButtonText(quality));
  return (
    <div className="player__quality">
      <button type="button" className="player__button" aria-haspopup="true" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <QualityIcon />
        <span className="visually-hidden">{named}</span>
        <span className="player__quality-level">{shown}</span>
      </button>
      {open && (
        <ul id={menuId} className="player__menu" aria-label="Qualitat">
          {entries.map((entry) => (
            <li key={entry.index}>
              <button type="button" aria-pressed={quality.selected === entry.index} onClick={() => choose(entry.index)} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Qualitat: 360p" as the part read only by screen readers ("Qualitat: ") and the part shown. */
function splitButtonText(text: string): [string, string] {
  const shownFrom = text.indexOf(': ') + 2;
  return shownFrom > 1 ? [text.slice(0, shownFrom), text.slice(shownFrom)] : [text, ''];
}
