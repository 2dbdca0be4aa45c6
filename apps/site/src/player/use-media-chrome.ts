/**
 * Loads the player's controls (media-chrome) once a player is on the page. Until then the player's
 * elements are unknown tags that render their children as they are: the video shows its poster.
 */
import { useEffect } from 'react';

/** Loads and defines the elements; the module loader loads them once per page, whatever the players. */
export function loadMediaChrome(): Promise<unknown> {
  return import('./media-chrome-elements');
}

export function useMediaChrome(): void {
  useEffect(() => {
    void loadMediaChrome();
  }, []);
}
