import { apiFailureMessage } from '../api/failure-message';
import { deBefore } from '../reports/catalan-de';
import { FilterBar } from './filter-bar';
import { KeyFigures } from './key-figures';
import { openedWith } from './opened-with';
import { ReportView } from './report-view';
import { useReportCatalogue } from './use-report-catalogue';
import { useReportState } from './use-report-state';

interface ReportAreaProps {
  /** The area's id in the server's catalogue (`audience`, `content`…). */
  catalogueArea: string;
  /** Catalan name, the page's heading. */
  label: string;
}

/**
 * A generic report area: the area's key figures, then every report of the server's catalogue for
 * the area, stacked in the catalogue's order (the first is the area's headline), under the shared
 * filter bar. A report's own
 * parameters are optional (without them it covers everything: all subsections, all pages), so every
 * report is listed; a row's drill-down opens its report with them in place of the list.
 */
export function ReportArea({ catalogueArea, label }: ReportAreaProps) {
  const [state, setState] = useReportState();
  const { catalogue, retry } = useReportCatalogue();

  const entries = catalogue.status === 'shown' ? catalogue.entries.filter((e) => e.area === catalogueArea) : [];
  const drilled = state.report ? entries.find((e) => e.report === state.report) : undefined;

  return (
    <>
      <title>{`${label} · Mesura · Consola`}</title>
      <h1>{label}</h1>
      <FilterBar state={state} onChange={setState} />
      <KeyFigures area={catalogueArea} />
      {catalogue.status === 'loading' && (
        <p className="panel__note" role="status">
          S'està carregant la llista d'informes…
        </p>
      )}
      {catalogue.status === 'failed' && (
        <div role="alert">
          <p className="panel__error">No s'ha pogut carregar la llista d'informes. {apiFailureMessage(catalogue.failure)}</p>
          <button type="button" className="button" onClick={retry}>
            Torna-ho a provar
          </button>
        </div>
      )}
      {catalogue.status === 'shown' && entries.length === 0 && <p className="panel__note">Aquesta secció encara no té informes.</p>}
      {drilled ? (
        <>
          <button type="button" className="link-button" onClick={() => setState({ ...state, report: undefined, reportParams: {} })}>
            ← Tots els informes {deBefore(label)}
          </button>
          <ReportView
            key={`${drilled.report}?${JSON.stringify(state.reportParams)}`}
            report={drilled.report}
            title={drilled.title}
            titleParams={openedWith(drilled, state.reportParams)}
            params={state.reportParams}
            {...(drilled.controls && { controls: drilled.controls })}
          />
        </>
      ) : (
        entries.map((entry) => (
          <ReportView
            key={entry.report}
            report={entry.report}
            title={entry.title}
            {...(entry.controls && { controls: entry.controls })}
            // A choice made on a report of the list (a page typed) opens that report with it.
            onParamsChange={(reportParams) => setState({ ...state, report: entry.report, reportParams })}
          />
        ))
      )}
    </>
  );
}
