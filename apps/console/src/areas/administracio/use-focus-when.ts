import { useEffect, type RefObject } from 'react';

/**
 * Moves focus to `target` each time `trigger` becomes a new defined value (a new problem, a
 * confirmation opened), once it is rendered: keyboard and screen-reader users land on it.
 */
export function useFocusWhen(target: RefObject<HTMLElement | null>, trigger: unknown): void {
  useEffect(() => {
    if (trigger !== undefined && trigger !== false) target.current?.focus();
  }, [target, trigger]);
}
