import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '../api/api-answer';
import type { ApiToken } from '../tokens/api-token';
import { listApiTokens } from '../tokens/tokens-api';

export type ApiTokensState = { status: 'loading' } | { status: 'ready'; tokens: ApiToken[] } | { status: 'failed'; failure: ApiFailure };

/** The signed-in person's API tokens, read on mount and again on `reload` (after a creation or a revocation). */
export function useApiTokens(): { state: ApiTokensState; reload: () => Promise<void> } {
  const [state, setState] = useState<ApiTokensState>({ status: 'loading' });

  const load = useCallback(async (signal?: AbortSignal) => {
    const outcome = await listApiTokens(signal === undefined ? {} : { signal });
    if (signal?.aborted) return;
    setState(outcome.ok ? { status: 'ready', tokens: outcome.value } : { status: 'failed', failure: outcome.failure });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return { state, reload: useCallback(() => load(), [load]) };
}
