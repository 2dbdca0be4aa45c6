import { useId, useState } from 'react';
import { AUTO_LEVEL, qualityButtonText, type QualityState } from './quality';

/** "Qualitat": a menu button with Automàtica and one entry per rendition, the chosen one checked. */
export function QualityMenu({ quality, onChoose }: { quality: QualityState; onChoose: (level: number) => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const choose = (level: number) => {
    onChoose(level);
    setOpen(false);
  };
  const entries = [{ index: AUTO_LEVEL, label: 'Automàtica' }, ...[...quality.levels].reverse()];
  return (
    <div className="player__quality">
      <button type="button" aria-haspopup="true" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        {qualityButtonText(quality)}
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
