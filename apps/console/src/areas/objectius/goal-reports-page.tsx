import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { FilterBar } from '../../report-view/filter-bar';
import { ReportView } from '../../report-view/report-view';
import { useReportState } from '../../report-view/use-report-state';
import { useLoaded } from '../administracio/use-loaded';
import { LoadFailure } from '../experiments/load-failure';
import { GOAL_REPORTS, GOALS_AREA_PATH, goalSummary } from './goal-labels';
import { useGoalsApi } from './goals-api-context';
import { useReportValues } from './use-report-values';

/**
 * `/objectius/:id`: one goal's conversions and conversion rate over time and by source, campaign,
 * device, country and entry page, each a report view (chart, table, comparison, CSV) under the
 * shared filter bar, with the period and filters in the URL.
 */
export function GoalReportsPage() {
  const api = useGoalsApi();
  const { id = '' } = useParams();
  const [state, setState] = useReportState();
  const goals = useLoaded(useCallback((signal?: AbortSignal) => api.list(signal), [api]));
  const goal = goals.state.status === 'ready' ? goals.state.value.find((g) => g.id === id) : undefined;
  const name = goal?.name ?? id;
  const calls = useReportValues(goal?.type === 'call' ? 'engagement/calls' : undefined, state.range);
  const callLabel = (call: string) => calls.find((c) => c.value === call)?.label ?? call;
  return (
    <>
      <title>{`${name} · Objectius · Mesura · Consola`}</title>
      <Link to={GOALS_AREA_PATH} className="link-button">
        ← Tots els objectius
      </Link>
      <h1>{name}</h1>
      {goal && <p className="page-intro">{goalSummary(goal, callLabel)}. La taxa de conversió és la part de les visites del període que l'han assolit.</p>}
      {goals.state.status === 'failed' && <LoadFailure what="No s'ha pogut llegir l'objectiu." failure={goals.state.failure} onRetry={() => void goals.reload()} />}
      <FilterBar state={state} onChange={setState} />
      {GOAL_REPORTS.map(({ report, title }) => (
        <ReportView key={`${report}?${id}`} report={report} title={title} params={{ goal: id }} />
      ))}
    </>
  );
}
