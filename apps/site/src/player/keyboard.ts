/**
 * The player's keys (pure): what a key pressed while the focus is in the player asks for. Space is
 * left to a focused button, which it presses, and every key to a focused field. media-chrome's
 * controls are custom elements (MEDIA-PLAY-BUTTON…, role "button"; MEDIA-TIME-RANGE… holding a
 * slider): they are buttons and fields here too, or a key would act twice.
 */

/** How far the arrow keys move the playhead. */
export const KEY_SEEK_SECONDS = 5;

export type PlayerKeyAction = { action: 'toggle-play' } | { action: 'seek-by'; seconds: number } | { action: 'toggle-mute' } | { action: 'toggle-subtitles' } | { action: 'toggle-fullscreen' };

export interface PlayerKey {
  key: string;
  /** The focused element's tag name (BUTTON, INPUT, VIDEO, MEDIA-MUTE-BUTTON…). */
  targetTag: string;
  /** The focused element's role attribute, when it has one. */
  targetRole?: string;
  /** A modifier is held: the key belongs to the browser or the system. */
  modifier: boolean;
}

/** The focused element as the keys see it: a field, a button, or anything else (its tag). */
function targetKind(targetTag: string, targetRole: string | undefined): string {
  const tag = targetTag.toUpperCase();
  if (tag.startsWith('MEDIA-') && tag.endsWith('-RANGE')) return 'INPUT';
  if (targetRole === 'button' || (tag.startsWith('MEDIA-') && tag.endsWith('-BUTTON'))) return 'BUTTON';
  return tag;
}

export function playerKeyAction({ key, targetTag, targetRole, modifier }: PlayerKey): PlayerKeyAction | undefined {
  const tag = targetKind(targetTag, targetRole);
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
