import { useCallback } from 'react';
import { useLoaded } from '../administracio/use-loaded';
import { useGoalsApi } from '../objectius/goals-api-context';
import { useSegmentsApi } from '../../report-view/segments-api-context';

/** The segments the person may apply, and the goals their conditions may name (none when they cannot be read). */
export function useSegmentsAndGoals() {
  const api = useSegmentsApi();
  const goalsApi = useGoalsApi();
  const segments = useLoaded(useCallback((signal?: AbortSignal) => api.list(signal), [api]));
  const goals = useLoaded(useCallback((signal?: AbortSignal) => goalsApi.list(signal), [goalsApi]));
  return { api, segments, goals: goals.state.status === 'ready' ? goals.state.value : [] };
}
