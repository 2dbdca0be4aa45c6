import { useCallback } from 'react';
import { useLoaded } from '../administracio/use-loaded';
import { useGoalsApi } from '../objectius/goals-api-context';
import { useFunnelsApi } from './funnels-api-context';

/** The stored funnels, and the goals their steps may name (none when they cannot be read: a goal step is then kept as stored). */
export function useFunnelsAndGoals() {
  const api = useFunnelsApi();
  const goalsApi = useGoalsApi();
  const funnels = useLoaded(useCallback((signal?: AbortSignal) => api.list(signal), [api]));
  const goals = useLoaded(useCallback((signal?: AbortSignal) => goalsApi.list(signal), [goalsApi]));
  return { api, funnels, goals: goals.state.status === 'ready' ? goals.state.value : [] };
}
