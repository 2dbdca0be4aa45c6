import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { GoalDefinition } from '@mesura/protocol';
import { apiFailureMessage } from '../../api/failure-message';
import { useSession } from '../../session/session-context';
import { mayOpen } from '../../shell/visible-areas';
import { useLoaded } from '../administracio/use-loaded';
import { LoadFailure } from '../experiments/load-failure';
import { GOAL_TYPE_LABELS, GOALS_AREA_PATH, goalSummary } from './goal-labels';
import { useGoalsApi } from './goals-api-context';
import { useReportState } from '../../report-view/use-report-state';
import { useReportValues } from './use-report-values';
import { EditDeleteActions } from '../../components/edit-delete-actions';

/** Objectius: every goal, what it counts and a link to its reports; editors create, edit and delete them. */
export function GoalListPage() {
  const api = useGoalsApi();
  const { me } = useSession();
  const editor = mayOpen({ minRole: 'editor' }, me.role);
  const goals = useLoaded(useCallback((signal?: AbortSignal) => api.list(signal), [api]));
  const [deleting, setDeleting] = useState<string>();
  const [problem, setProblem] = useState<string>();
  // A call goal is read by the call's Catalan name where the period's calls give it (engagement/calls).
  const [reportState] = useReportState();
  const calls = useReportValues('engagement/calls', reportState.range);
  const callLabel = (call: string) => calls.find((c) => c.value === call)?.label ?? call;

  const remove = async (goal: GoalDefinition) => {
    const result = await api.remove(goal.id);
    setDeleting(undefined);
    setProblem(result.ok ? undefined : `No s'ha pogut esborrar «${goal.name}». ${apiFailureMessage(result.failure)}`);
    await goals.reload();
  };

  return (
    <>
      <title>Objectius · Mesura · Consola</title>
      <div className="page-heading">
        <h1>Objectius</h1>
        {editor && (
          <Link className="button" to={`${GOALS_AREA_PATH}/nou`}>
            Nou objectiu
          </Link>
        )}
      </div>
      <p className="page-intro">
        Què volem que facin els visitants: veure una pàgina, participar, subscriure's, donar-se d'alta, mirar un vídeo o cercar. Cada objectiu compta també les visites d'abans de definir-lo.
      </p>
      {problem && (
        <p className="panel__error" role="alert">
          {problem}
        </p>
      )}
      <section className="panel" aria-labelledby="goals-heading" aria-busy={goals.state.status === 'loading'}>
        <h2 id="goals-heading">Objectius definits</h2>
        {goals.state.status === 'failed' && <LoadFailure what="No s'han pogut llegir els objectius." failure={goals.state.failure} onRetry={() => void goals.reload()} />}
        {goals.state.status === 'ready' && goals.state.value.length === 0 && <p className="panel__note">Encara no hi ha cap objectiu.{editor ? ' Creeu-ne un amb «Nou objectiu».' : ''}</p>}
        {goals.state.status === 'ready' && goals.state.value.length > 0 && (
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">Objectiu</th>
                <th scope="col">Tipus</th>
                <th scope="col">Què compta</th>
                {editor && <th scope="col">Accions</th>}
              </tr>
            </thead>
            <tbody>
              {goals.state.value.map((goal) => (
                <tr key={goal.id}>
                  <th scope="row">
                    <Link to={`${GOALS_AREA_PATH}/${encodeURIComponent(goal.id)}`}>{goal.name}</Link>
                  </th>
                  <td>{GOAL_TYPE_LABELS[goal.type]}</td>
                  <td>{goalSummary(goal, callLabel)}</td>
                  {editor && (
                    <td>
                      <EditDeleteActions
                        editPath={`${GOALS_AREA_PATH}/${encodeURIComponent(goal.id)}/edita`}
                        confirming={deleting === goal.id}
                        onAsk={() => setDeleting(goal.id)}
                        onConfirm={() => void remove(goal)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
