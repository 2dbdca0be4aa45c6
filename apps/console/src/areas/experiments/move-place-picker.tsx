/**
 * Choosing where a moved element goes, in the visual editor: once «Mou» is the change, the next
 * click in the framed page, anywhere, chooses the destination (move-destination.ts says which
 * clicks cannot), then the place beside or inside it. The frame's click handler is set once per
 * page load, so what it reads while choosing is kept in refs.
 */
import { useId, useRef, useState } from 'react';
import { destinationProblem, MOVE_PLACE_LABELS, MOVE_PLACES, type MoveDestination, type MovePlace } from './move-destination';
import { stableSelector } from './stable-selector';

/** The mark on the chosen destination, unlike the moved element's solid one. */
const PLACE_OUTLINE = '3px dashed #1565c0';

export interface MoveChoice {
  choosing: boolean;
  destination: MoveDestination | undefined;
  place: MovePlace;
  setPlace: (place: MovePlace) => void;
  /** Whether the frame's next click chooses the destination (rather than another element to change). */
  takesClick: () => boolean;
  start: () => void;
  /** The frame's click while choosing, for `moving`: a note in Catalan when it chose no destination. */
  choose: (moving: Element, clicked: Element) => string | undefined;
  clear: () => void;
}

export function useMoveChoice(): MoveChoice {
  const choosing = useRef(false);
  const marked = useRef<HTMLElement | undefined>(undefined);
  const [state, setState] = useState<{ choosing: boolean; destination?: MoveDestination; place: MovePlace }>({ choosing: false, place: 'before' });
  const unmark = () => {
    if (marked.current) marked.current.style.outline = '';
    marked.current = undefined;
  };
  return {
    choosing: state.choosing,
    destination: state.destination,
    place: state.place,
    setPlace: (place) => setState((s) => ({ ...s, place })),
    takesClick: () => choosing.current,
    start: () => {
      choosing.current = true;
      unmark();
      setState((s) => ({ choosing: true, place: s.place }));
    },
    choose: (moving, clicked) => {
      const problem = destinationProblem(moving, clicked);
      if (problem !== undefined) return problem;
      choosing.current = false;
      unmark();
      (clicked as HTMLElement).style.outline = PLACE_OUTLINE;
      marked.current = clicked as HTMLElement;
      setState((s) => ({ choosing: false, destination: { selector: stableSelector(clicked) }, place: s.place }));
      return undefined;
    },
    clear: () => {
      choosing.current = false;
      unmark();
      setState((s) => ({ choosing: false, place: s.place }));
    },
  };
}

export function MovePlaceField({ move }: { move: MoveChoice }) {
  const id = useId();
  return (
    <div className="form-field">
      <p>
        Destí:{' '}
        {move.destination ? <code className="visual-editor__selector">{move.destination.selector}</code> : move.choosing ? "feu clic a la pàgina, on sigui, en l'element on ha d'anar." : 'cap triat.'}
      </p>
      <button type="button" className="button button--quiet" onClick={move.start} aria-pressed={move.choosing}>
        Tria el destí a la pàgina
      </button>
      <label htmlFor={`${id}-place`}>Lloc respecte del destí</label>
      <select id={`${id}-place`} value={move.place} onChange={(event) => move.setPlace(event.target.value as MovePlace)}>
        {MOVE_PLACES.map((place) => (
          <option key={place} value={place}>
            {MOVE_PLACE_LABELS[place]}
          </option>
        ))}
      </select>
    </div>
  );
}
