/**
 * Choosing where a moved element goes, in the visual editor: «Tria el lloc a la pàgina», then a
 * click in the framed page on the element it goes before or after (move-destination.ts says which
 * sibling a click chooses). The frame's click handler is set once per page load, so what it reads
 * while choosing is kept in refs.
 */
import { useRef, useState } from 'react';
import { type MoveDestination, siblingHolding } from './move-destination';
import { stableSelector } from './stable-selector';

/** The mark on the chosen place, unlike the moved element's solid one. */
const PLACE_OUTLINE = '3px dashed #1565c0';

export interface MovePlace {
  choosing: boolean;
  destination: MoveDestination | undefined;
  /** Whether the frame's next click chooses the place (rather than another element to change). */
  takesClick: () => boolean;
  start: () => void;
  /** The frame's click while choosing, beside `moving`: a note in Catalan when it chose no place. */
  choose: (moving: Element, clicked: Element) => string | undefined;
  clear: () => void;
}

export function useMovePlace(): MovePlace {
  const choosing = useRef(false);
  const marked = useRef<HTMLElement | undefined>(undefined);
  const [state, setState] = useState<{ choosing: boolean; destination?: MoveDestination }>({ choosing: false });
  const unmark = () => {
    if (marked.current) marked.current.style.outline = '';
    marked.current = undefined;
  };
  return {
    choosing: state.choosing,
    destination: state.destination,
    takesClick: () => choosing.current,
    start: () => {
      choosing.current = true;
      unmark();
      setState({ choosing: true });
    },
    choose: (moving, clicked) => {
      const sibling = siblingHolding(moving, clicked);
      if (typeof sibling === 'string') return sibling;
      choosing.current = false;
      unmark();
      (sibling as HTMLElement).style.outline = PLACE_OUTLINE;
      marked.current = sibling as HTMLElement;
      setState({ choosing: false, destination: { index: Array.from(sibling.parentElement?.children ?? []).indexOf(sibling), selector: stableSelector(sibling) } });
      return undefined;
    },
    clear: () => {
      choosing.current = false;
      unmark();
      setState({ choosing: false });
    },
  };
}

export function MovePlaceField({ place }: { place: MovePlace }) {
  return (
    <div className="form-field">
      <p>
        Lloc: {place.destination ? <code className="visual-editor__selector">{place.destination.selector}</code> : place.choosing ? "feu clic a la pàgina en l'element on ha d'anar." : 'cap triat.'}
      </p>
      <button type="button" className="button button--quiet" onClick={place.start} aria-pressed={place.choosing}>
        Tria el lloc a la pàgina
      </button>
    </div>
  );
}
