import { useCallback, useEffect, useState } from 'react';
import type { Annotation } from '@mesura/protocol';
import type { ApiFailure } from '../api/api-answer';
import { useAnnotationsApi } from './annotations-api-context';

export type AnnotationsLoad = { status: 'loading' } | { status: 'failed'; failure: ApiFailure } | { status: 'shown'; annotations: Annotation[] };

/** The team's notes on the days of a chart, read again after each change (`reload`). */
export function useAnnotations(range: { from: string; to: string }): [AnnotationsLoad, () => void] {
  const api = useAnnotationsApi();
  const [load, setLoad] = useState<AnnotationsLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { from, to } = range;

  // biome-ignore lint/correctness/useExhaustiveDependencies(attempt): a change or "Torna-ho a provar" counts up `attempt` to ask again.
  useEffect(() => {
    const controller = new AbortController();
    void api.list({ from, to }, controller.signal).then((result) => {
      if (!controller.signal.aborted) setLoad(result.ok ? { status: 'shown', annotations: result.value } : { status: 'failed', failure: result.failure });
    });
    return () => controller.abort();
  }, [api, from, to, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [load, reload];
}
