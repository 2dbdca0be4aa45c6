/**
 * False in the server's first view and while the browser hydrates it, true once the app runs: for
 * a control that only the app can work, so that a page without JavaScript does not offer it dead.
 * React renders the server's value during hydration (no mismatch), then the browser's.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useAppRunning(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
