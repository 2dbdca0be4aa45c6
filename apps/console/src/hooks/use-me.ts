import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '../api/api-answer';
import type { Me } from '../session/me';
import { fetchMe } from '../session/session-api';

export type MeState =
  | { status: 'loading' }
  | { status: 'signed-in'; me: Me }
  /** 401: no session, or it expired. */
  | { status: 'signed-out' }
  | { status: 'failed'; failure: ApiFailure };

/** Who is signed in (GET /api/me), read when the layout mounts and again on `refresh`. */
export function useMe(): { state: MeState; refresh: () => Promise<void> } {
  const [state, setState] = useState<MeState>({ status: 'loading' });

  const load = useCallback(async (signal?: AbortSignal) => {
    const outcome = await fetchMe(signal === undefined ? {} : { signal });
    if (signal?.aborted) return;
    if (outcome.ok) setState({ status: 'signed-in', me: outcome.me });
    else if (outcome.failure.reason === 'rejected' && outcome.failure.status === 401) setState({ status: 'signed-out' });
    else setState({ status: 'failed', failure: outcome.failure });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const refresh = useCallback(() => load(), [load]);
  return { state, refresh };
}
