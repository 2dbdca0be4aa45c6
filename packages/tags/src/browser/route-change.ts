/**
 * Route changes of a single-page app: `history.pushState`, `history.replaceState` and `popstate`,
 * settled so that one navigation fires once. Only a change of path or query counts: a hash
 * change, or a replaceState that keeps the address (state only), does not.
 */
import { ROUTE_CHANGE_SETTLE_MS } from '../constants.js';
import type { TagEnvironment, TimerHandle } from '../environment.js';

const addressOf = (env: TagEnvironment): string => env.location.pathname + env.location.search;

/** Calls `onChange({ from, to })` after each navigation; returns the function that undoes the patch. */
export function watchRoutes(env: TagEnvironment, onChange: (detail: { from: string; to: string }) => void): () => void {
  const { history } = env.window;
  const { pushState, replaceState } = history;
  let last = addressOf(env);
  let timer: TimerHandle;
  let pending = false;

  const settle = (): void => {
    if (pending) env.clearTimer(timer);
    pending = true;
    timer = env.setTimer(() => {
      pending = false;
      const to = addressOf(env);
      if (to === last) return;
      const from = last;
      last = to;
      onChange({ from, to });
    }, ROUTE_CHANGE_SETTLE_MS);
  };
  // Wrapped rather than replaced, so the app's navigation works exactly as before.
  const wrap = (original: History['pushState']): History['pushState'] =>
    function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      settle();
    };
  const patchedPush = (history.pushState = wrap(pushState));
  const patchedReplace = (history.replaceState = wrap(replaceState));
  env.window.addEventListener('popstate', settle);

  return () => {
    // Put the originals back only if nobody wrapped ours meanwhile; otherwise theirs would be lost.
    if (history.pushState === patchedPush) history.pushState = pushState;
    if (history.replaceState === patchedReplace) history.replaceState = replaceState;
    env.window.removeEventListener('popstate', settle);
    if (pending) env.clearTimer(timer);
    pending = false;
  };
}
