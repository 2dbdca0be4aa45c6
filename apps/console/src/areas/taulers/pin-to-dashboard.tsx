/**
 * «Fixa al tauler» beside a report: pins the view as it is shown (its period, filters, segment
 * and parameters) to the person's own dashboard or to a shared one they may change. Its name adds
 * the report's title, as «Envia per correu» does (use-panel-heading.ts).
 */
import { CONSOLE_AREA_PATHS } from '@mesura/protocol';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { apiFailureMessage } from '../../api/failure-message';
import { paramsFromState } from '../../report-view/report-state';
import { usePanelHeading } from '../../report-view/use-panel-heading';
import { useReportState } from '../../report-view/use-report-state';
import { dashboardsApi, HOME_DASHBOARD_ID, type DashboardSummary } from './dashboards-api';
import { TAULERS_PATH } from './taulers-paths';

type Step = { status: 'closed' } | { status: 'choosing'; dashboards: DashboardSummary[] } | { status: 'pinned'; dashboard: DashboardSummary } | { status: 'failed'; message: string };

export function PinToDashboard({ report, params }: { report: string; params: Record<string, string> }) {
  const [state] = useReportState();
  const [step, setStep] = useState<Step>({ status: 'closed' });
  const [chosen, setChosen] = useState(HOME_DASHBOARD_ID);
  const selectId = useId();
  const textId = useId();
  const [ref, headingId] = usePanelHeading<HTMLButtonElement>();
  const area = CONSOLE_AREA_PATHS[report.slice(0, report.indexOf('/'))];
  // Only the catalogue's areas are pinned (a goal's or a funnel's report has its own routes).
  if (area === undefined) return null;
  const open = async () => {
    const result = await dashboardsApi.list();
    if (!result.ok) return setStep({ status: 'failed', message: apiFailureMessage(result.failure) });
    setStep({ status: 'choosing', dashboards: result.value.filter((d) => d.mayChange) });
  };
  const pin = async (dashboards: DashboardSummary[]) => {
    const query = paramsFromState({ ...state, report, reportParams: params, compareSegment: undefined });
    const result = await dashboardsApi.pin(chosen, `/consola/${area}/?${query.toString()}`);
    if (!result.ok) return setStep({ status: 'failed', message: apiFailureMessage(result.failure) });
    setStep({ status: 'pinned', dashboard: dashboards.find((d) => d.id === chosen) ?? result.value });
  };
  if (step.status === 'closed') {
    return (
      <button ref={ref} type="button" className="button button--quiet" onClick={() => void open()} aria-labelledby={headingId && `${textId} ${headingId}`}>
        <span id={textId}>
          Fixa al tauler<span className="visually-hidden"> l'informe</span>
        </span>
      </button>
    );
  }
  if (step.status === 'pinned') {
    return (
      <span role="status">
        Fixat a <Link to={`${TAULERS_PATH}/${step.dashboard.id}`}>{step.dashboard.name}</Link>
      </span>
    );
  }
  if (step.status === 'failed') return <span role="alert">No s'ha pogut fixar. {step.message}</span>;
  return (
    <span className="pin-to-dashboard">
      <label htmlFor={selectId}>Tauler</label>
      <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        {step.dashboards.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
      <button type="button" className="button" onClick={() => void pin(step.dashboards)}>
        Fixa
      </button>
      <button type="button" className="button button--quiet" onClick={() => setStep({ status: 'closed' })}>
        Cancel·la
      </button>
    </span>
  );
}
