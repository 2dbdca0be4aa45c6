import { useLayoutEffect, useRef } from 'react';

type Params = Record<string, string>;

/**
 * The report parameters a view's controls build on, and how to record a choice.
 *
 * The router draws each new address in a transition of its own, and transitions may commit one by
 * one, late: a choice made before an earlier one's address is drawn must add to the latest choice,
 * not to the address shown, and an earlier address of this view drawn after a later choice must not
 * undo that choice. Only an address this view did not write (Back, another report's control, the
 * filter bar) starts again from what is shown.
 */
export function useLatestParams(shown: Params): [latest: () => Params, choose: (next: Params) => void] {
  const shownKey = paramsKey(shown);
  const latest = useRef(shown);
  // The addresses this view wrote and the router has not drawn yet, oldest first.
  const written = useRef<string[]>([]);
  useLayoutEffect(() => {
    const at = written.current.indexOf(shownKey);
    if (at === -1) {
      written.current = [];
      latest.current = Object.fromEntries(JSON.parse(shownKey) as [string, string][]);
    } else written.current = written.current.slice(at + 1);
  }, [shownKey]);
  const choose = (next: Params) => {
    latest.current = next;
    written.current = [...written.current, paramsKey(next)];
  };
  return [() => latest.current, choose];
}

/** The same parameters give the same key, in whatever order the URL or a choice lists them. */
function paramsKey(params: Params): string {
  return JSON.stringify(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
