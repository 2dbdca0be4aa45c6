import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLoaded } from '../administracio/use-loaded';
import { LoadFailure } from '../experiments/load-failure';
import { useReportState } from '../../report-view/use-report-state';
import { GoalForm } from './goal-form';
import { GOALS_AREA_PATH } from './goal-labels';
import { useGoalsApi } from './goals-api-context';

/** `/objectius/nou` and `/objectius/:id/edita`: the goal form, back to the list once saved. */
export function GoalFormPage() {
  const api = useGoalsApi();
  const { id } = useParams();
  const navigate = useNavigate();
  const [state] = useReportState();
  const goals = useLoaded(useCallback((signal?: AbortSignal) => api.list(signal), [api]));
  const back = () => void navigate(GOALS_AREA_PATH);
  const heading = id === undefined ? 'Nou objectiu' : 'Edita un objectiu';

  if (id === undefined) return <GoalForm range={state.range} save={api.save} onSaved={back} onCancel={back} />;
  if (goals.state.status === 'loading') return <p role="status">S'està carregant l'objectiu…</p>;
  if (goals.state.status === 'failed') return <LoadFailure what="No s'ha pogut llegir l'objectiu." failure={goals.state.failure} onRetry={() => void goals.reload()} />;
  const goal = goals.state.value.find((g) => g.id === id);
  if (!goal) {
    return (
      <>
        <h1>{heading}</h1>
        <p className="panel__error" role="alert">
          No hi ha cap objectiu «{id}». <Link to={GOALS_AREA_PATH}>Torna als objectius</Link>
        </p>
      </>
    );
  }
  return <GoalForm goal={goal} range={state.range} save={api.save} onSaved={back} onCancel={back} />;
}
