/**
 * «Envia per correu» beside a report: opens «Avisos i informes per correu» with this report chosen
 * and the view's address (its period, filters, segment and parameters) filled in, ready to schedule:
 * the page's view, or a dashboard tile's. Its name adds the report's title («Envia per correu
 * l'informe Pàgines»), so that beside a dashboard's own «Envia per correu» and other reports' it says
 * what it mails.
 */
import { CONSOLE_AREA_PATHS, CONSOLE_BASE_PATH } from '@mesura/protocol';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { paramsFromState } from '../../report-view/report-state';
import { usePanelHeading } from '../../report-view/use-panel-heading';
import { useReportStateOverride } from '../../report-view/report-state-override';
import { useReportState } from '../../report-view/use-report-state';
import { AVISOS_PATH, MAIL_REPORT_PARAM, MAIL_VIEW_PARAM } from './avisos-paths';

export function MailReportLink({ report, params }: { report: string; params: Record<string, string> }) {
  // The view as shown: the page's, or a dashboard tile's own (use-report-state.ts).
  const [state] = useReportState();
  const location = useLocation();
  const inTile = useReportStateOverride() !== undefined;
  const [ref, headingId] = usePanelHeading<HTMLAnchorElement>();
  const textId = useId();
  // Only the catalogue's areas can be mailed (a goal's or a funnel's report has its own routes).
  const areaPath = CONSOLE_AREA_PATHS[report.slice(0, report.indexOf('/'))];
  if (areaPath === undefined) return null;
  const view = paramsFromState({ ...state, report, reportParams: params });
  const target = new URLSearchParams({ [MAIL_REPORT_PARAM]: report, [MAIL_VIEW_PARAM]: `${CONSOLE_BASE_PATH}${inTile ? `/${areaPath}/` : location.pathname}?${view.toString()}` });
  return (
    <Link ref={ref} className="button button--quiet" to={`${AVISOS_PATH}?${target.toString()}`} aria-labelledby={headingId && `${textId} ${headingId}`}>
      <span id={textId}>
        Envia per correu<span className="visually-hidden"> l'informe</span>
      </span>
    </Link>
  );
}
