/**
 * The player's keys (pure): what a key pressed while the focus is in the player asks for. Space is
 * left to a focused button, which it presses, and every key to a focused field.
 */

/** How far the arrow keys move the playhead. */
export const KEY_SEEK_SECONDS = 5;

export type PlayerKeyAction = { action: 'toggle-play' } | { action: 'seek-by'; seconds: number } | { action: 'toggle-mute' } | { action: 'toggle-subtitles' } | { action: 'toggle-fullscreen' };

export interface PlayerKey {
  key: string;
  /** The focused element's tag name (BUTTON, INPUT, VIDEO…). */
  targetTag: string;
  /** A modifier is held: the key belongs to the browser or the system. */
  modifier: boolean;
}

export function playerKeyAction({ key, targetTag, modifier }: PlayerKey): PlayerKeyAction | undefined {
  const tag = targetTag.toUpperCase();
  if (modifier || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return undefined;
  switch (key) {
    case ' ':
      return tag === 'BUTTON' || tag === 'A' ? undefined : { action: 'toggle-play' };
    case 'k':
    case 'K':
      return { action: 'toggle-play' };
    case 'ArrowLeft':
      return { action: 'seek-by', seconds: -KEY_SEEK_SECONDS };
    case 'ArrowRight':
      return { action: 'seek-by', seconds: KEY_SEEK_SECONDS };
    case 'm':
    case 'M':
      return { action: 'toggle-mute' };
    case 'c':
    case 'C':
      return { action: 'toggle-subtitles' };
    case 'f':
    case 'F':
      return { action: 'toggle-fullscreen' };
    default:
      return undefined;
  }
}
