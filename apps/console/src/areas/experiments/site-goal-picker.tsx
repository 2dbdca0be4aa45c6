import { useCallback, useId } from 'react';
import { useLoaded } from '../administracio/use-loaded';
import { useExperimentsApi } from './experiments-api-context';
import type { SiteGoal } from './site-goals';

interface SiteGoalPickerProps {
  /** The id of the site goal the experiment has, if it has one. */
  chosen?: string | undefined;
  onChoose: (goalId: string) => void;
  /** The select's label: «Objectiu del web» unless the form around it already says so. */
  label?: string;
}

/** «Objectiu del web»: one of the site's goals (site-goals.ts) made the experiment's goal. */
export function SiteGoalPicker({ chosen, onChoose, label = 'Objectiu del web' }: SiteGoalPickerProps) {
  const api = useExperimentsApi();
  const id = useId();
  const goals = useLoaded(useCallback((signal?: AbortSignal) => api.siteGoals(signal), [api]));
  if (goals.state.status !== 'ready') return null;
  const list = goals.state.value;
  if (list.length === 0) return chosen === undefined ? null : <p className="admin-note">El web encara no té objectius: definiu-los a l'àrea Objectius.</p>;
  // A goal deleted since the experiment took it is still its goal: named by its id, so that the form says so.
  const missing = chosen !== undefined && chosen !== '' && !list.some((goal) => goal.id === chosen);
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={chosen ?? ''}
        onChange={(event) => {
          if (event.target.value !== '') onChoose(event.target.value);
        }}
      >
        <option value="">Trieu…</option>
        {missing && <option value={chosen}>{chosen} (ja no existeix)</option>}
        {list.map((goal: SiteGoal) => (
          <option key={goal.id} value={goal.id}>
            {goal.name} ({goal.summary})
          </option>
        ))}
      </select>
    </div>
  );
}
