import { useCallback, useId } from 'react';
import { useLoaded } from '../administracio/use-loaded';
import { useExperimentsApi } from './experiments-api-context';

/** «Objectiu del web»: one of the site's goals (site-goals.ts) made the experiment's goal, a visit to a page under its path. */
export function SiteGoalPicker({ onChoose }: { onChoose: (pathPrefix: string) => void }) {
  const api = useExperimentsApi();
  const id = useId();
  const goals = useLoaded(useCallback((signal?: AbortSignal) => api.siteGoals(signal), [api]));
  if (goals.state.status !== 'ready' || goals.state.value.length === 0) return null;
  return (
    <div className="form-field">
      <label htmlFor={id}>Objectiu del web</label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          if (event.target.value !== '') onChoose(event.target.value);
        }}
      >
        <option value="">Trieu…</option>
        {goals.state.value.map((goal) => (
          <option key={goal.pathPrefix} value={goal.pathPrefix}>
            {goal.name} (visita de {goal.pathPrefix}…)
          </option>
        ))}
      </select>
    </div>
  );
}
