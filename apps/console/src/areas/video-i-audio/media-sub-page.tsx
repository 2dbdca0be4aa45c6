import type { ReportCatalogueEntry } from '@mesura/protocol';
import { apiFailureMessage } from '../../api/failure-message';
import { FilterBar } from '../../report-view/filter-bar';
import { KeyFigures } from '../../report-view/key-figures';
import { openedWith } from '../../report-view/opened-with';
import { ReportView } from '../../report-view/report-view';
import { useReportState } from '../../report-view/use-report-state';
import { MediaSubNav } from './media-sub-nav';
import { MEDIA_AREA_LABEL, type MediaSubPage } from './media-sub-pages';
import { useReportCatalogue } from '../../report-view/use-report-catalogue';

/**
 * One sub-page of Vídeo i àudio: the shared filter bar, then its reports, each with the controls
 * of its own parameters (a day, a channel: kept in the URL as `p.day`, `p.channel`, so that the
 * page's reports that take the same parameter follow the same choice). A row's drill-down opens
 * its report in place of the list, as the other areas do.
 */
export function MediaSubPageView({ page }: { page: MediaSubPage }) {
  const [state, setState] = useReportState();
  const { catalogue, retry } = useReportCatalogue();
  const entries = catalogue.status === 'shown' ? catalogue.entries.filter((e) => page.reportPrefixes.some((prefix) => e.report.startsWith(prefix))) : [];
  const drilled = state.report && catalogue.status === 'shown' ? catalogue.entries.find((e) => e.area === 'media' && e.report === state.report) : undefined;

  return (
    <>
      <title>{`${page.label} · ${MEDIA_AREA_LABEL} · Mesura · Consola`}</title>
      <h1>{MEDIA_AREA_LABEL}</h1>
      <MediaSubNav />
      <FilterBar state={state} onChange={setState} />
      <KeyFigures area="media" />
      {catalogue.status === 'loading' && (
        // Busy until the reports are listed: what waits for a settled page (aria-busy) waits for them too.
        <p className="panel__note" role="status" aria-busy="true">
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
      {catalogue.status === 'shown' && entries.length === 0 && !drilled && <p className="panel__note">Aquesta secció encara no té informes.</p>}
      {drilled ? (
        <>
          <button type="button" className="link-button" onClick={() => setState({ ...state, report: undefined, reportParams: {} })}>
            ← Tots els informes de {page.label.toLowerCase()}
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
          <ReportView key={entry.report} report={entry.report} title={entry.title} params={controlledParams(entry, state.reportParams)} {...(entry.controls && { controls: entry.controls })} />
        ))
      )}
    </>
  );
}

/** The values of the URL's report parameters that `entry` offers controls for; the rest are another report's. */
function controlledParams(entry: ReportCatalogueEntry, params: Record<string, string>): Record<string, string> {
  const names = new Set((entry.controls ?? []).map((control) => control.name));
  return Object.fromEntries(Object.entries(params).filter(([name]) => names.has(name)));
}
