import { useEffect, useMemo, useState } from 'react';
import { NavLink, useParams, useSearchParams } from 'react-router';
import type { ReportCatalogueEntry } from '@mesura/protocol';
import { apiFailureMessage } from '../api/failure-message';
import type { ApiFailure } from '../api/api-answer';
import { REPORTS_PATH } from '../console-paths';
import { REPORT_TIME_ZONE } from '../reports/constants';
import { fetchCatalogue } from './catalogue-api';
import { REPORT_AREAS } from './report-areas';
import { ReportControls } from './report-controls';
import { paramsFromState, stateFromParams, type ReportScreenState } from './report-state';
import { ReportView } from './report-view';


type Catalogue = { status: 'loading' } | { status: 'failed'; failure: ApiFailure } | { status: 'shown'; entries: ReportCatalogueEntry[] };

/**
 * The report areas (Audiència, Contingut, …): every report of the server's catalogue for the area,
 * under one period, comparison and set of filters kept in the URL; a row's drill-down opens its
 * report in place.
 */
export default function ReportsPage() {
  const { area: areaPath = REPORT_AREAS[0]!.path } = useParams();
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => new Date());
  const state = stateFromParams(params, now, REPORT_TIME_ZONE);
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: 'loading' });
  const area = REPORT_AREAS.find((a) => a.path === areaPath) ?? REPORT_AREAS[0]!;

  useEffect(() => {
    const controller = new AbortController();
    void fetchCatalogue(controller.signal).then((result) => {
      if (!controller.signal.aborted) setCatalogue(result.ok ? { status: 'shown', entries: result.value } : { status: 'failed', failure: result.failure });
    });
    return () => controller.abort();
  }, []);

  const change = (next: ReportScreenState) => setParams(paramsFromState(next));
  const areas = useMemo(
    () => (catalogue.status === 'shown' ? REPORT_AREAS.filter((a) => catalogue.entries.some((e) => e.area === a.id)) : REPORT_AREAS.slice(0, 1)),
    [catalogue],
  );
  const entries = catalogue.status === 'shown' ? catalogue.entries.filter((e) => e.area === area.id && !e.params?.length) : [];
  const drilled = catalogue.status === 'shown' && state.report ? catalogue.entries.find((e) => e.report === state.report) : undefined;

  return (
    <>
      <title>{`${area.label} · Mesura · Consola`}</title>
      <nav aria-label="Àrees d'informes">
        <ul className="area-tabs">
          {areas.map((a) => (
            <li key={a.id}>
              <NavLink to={`${REPORTS_PATH}/${a.path}/?${paramsFromState({ ...state, report: undefined, reportParams: {} }).toString()}`}>{a.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1>{area.label}</h1>
      <ReportControls state={state} onChange={change} />
      {catalogue.status === 'loading' && <p className="panel__note" role="status">S'està carregant…</p>}
      {catalogue.status === 'failed' && <p className="panel__error" role="alert">No s'ha pogut carregar la llista d'informes. {apiFailureMessage(catalogue.failure)}</p>}
      {drilled ? (
        <>
          <button type="button" className="link-button" onClick={() => change({ ...state, reportParams: {}, report: undefined })}>
            ← Tots els informes de {area.label}
          </button>
          <ReportView report={drilled.report} title={drilledTitle(drilled, state.reportParams)} params={state.reportParams} state={state} onDrill={(d) => change({ ...state, report: d.report, reportParams: d.params })} />
        </>
      ) : (
        entries.map((entry) => (
          <ReportView key={entry.report} report={entry.report} title={entry.title} params={{}} state={state} onDrill={(d) => change({ ...state, report: d.report, reportParams: d.params })} />
        ))
      )}
    </>
  );
}

function drilledTitle(entry: ReportCatalogueEntry, params: Record<string, string>): string {
  const values = Object.values(params);
  return values.length ? `${entry.title}: ${values.join(' · ')}` : entry.title;
}
