import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '../../api/api-answer';
import type { Outcome } from '../../api/api-answer';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; failure: ApiFailure };

/**
 * What `load` answers, read on mount and again on `reload` (after a change). A reload keeps the
 * shown value until the new one arrives, so a list does not flash empty.
 */
export function useLoaded<T>(load: (signal?: AbortSignal) => Promise<Outcome<T>>): { state: Loaded<T>; reload: () => Promise<void> } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });

  const read = useCallback(
    async (signal?: AbortSignal) => {
      const outcome = await load(signal);
      if (signal?.aborted) return;
      setState(outcome.ok ? { status: 'ready', value: outcome.value } : { status: 'failed', failure: outcome.failure });
    },
    [load],
  );

  useEffect(() => {
    const controller = new AbortController();
    void read(controller.signal);
    return () => controller.abort();
  }, [read]);

  return { state, reload: useCallback(() => read(), [read]) };
}
