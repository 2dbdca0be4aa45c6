import { Link, useParams } from 'react-router';
import { FilterBar } from '../../report-view/filter-bar';
import { ReportView } from '../../report-view/report-view';
import { useReportState } from '../../report-view/use-report-state';
import { LoadFailure } from '../experiments/load-failure';
import { FUNNELS_AREA_PATH, scopeLabel, stepsSummary } from './funnel-labels';
import { useFunnelsAndGoals } from './use-funnels-and-goals';

/** The lost visitors' report (server: reports/funnel-reports.ts), opened from a step's row. */
const LOST_REPORT = 'funnels/lost';

/**
 * `/embuts/:id`: the funnel's steps (visitors, conversion, drop-off, time between steps) as a report
 * view (chart, table, comparison, CSV) under the shared filter bar, with the period and filters in
 * the URL; a step's row opens where the visitors lost before it went.
 */
export function FunnelReportPage() {
  const { funnels } = useFunnelsAndGoals();
  const { id = '' } = useParams();
  const [state, setState] = useReportState();
  const funnel = funnels.state.status === 'ready' ? funnels.state.value.find((f) => f.id === id) : undefined;
  const name = funnel?.name ?? id;
  const lostStep = state.report === LOST_REPORT ? state.reportParams.step : undefined;
  return (
    <>
      <title>{`${name} · Embuts · Mesura · Consola`}</title>
      <Link to={FUNNELS_AREA_PATH} className="link-button">
        ← Tots els embuts
      </Link>
      <h1>{name}</h1>
      {funnel && (
        <p className="page-intro">
          {stepsSummary(funnel.steps)}. {scopeLabel(funnel)}.
        </p>
      )}
      {funnels.state.status === 'failed' && <LoadFailure what="No s'ha pogut llegir l'embut." failure={funnels.state.failure} onRetry={() => void funnels.reload()} />}
      <FilterBar state={state} onChange={setState} />
      <ReportView key={`funnels/steps?${id}`} report="funnels/steps" title="Passos de l'embut" params={{ funnel: id }} />
      {lostStep !== undefined && (
        <>
          <button type="button" className="link-button" onClick={() => setState({ ...state, report: undefined, reportParams: {} })}>
            Tanca on van els que abandonen
          </button>
          <ReportView key={`${LOST_REPORT}?${id}&${lostStep}`} report={LOST_REPORT} title={`On van els que no arriben al pas ${lostStep}`} params={{ funnel: id, step: lostStep }} />
        </>
      )}
    </>
  );
}
