/**
 * «Envia per correu» beside a report: opens «Avisos i informes per correu» with this report chosen
 * and the view's address (its filters, segment and parameters) filled in, ready to schedule.
 */
import { Link, useLocation } from 'react-router';
import { AVISOS_PATH, MAIL_REPORT_PARAM, MAIL_VIEW_PARAM } from './avisos-paths';
import { AREA_PATHS } from './report-view-address';

export function MailReportLink({ report, params }: { report: string; params: Record<string, string> }) {
  const location = useLocation();
  // Only the catalogue's areas can be mailed (a goal's or a funnel's report has its own routes).
  if (AREA_PATHS[report.slice(0, report.indexOf('/'))] === undefined) return null;
  const view = new URLSearchParams(location.search);
  view.set('informe', report);
  for (const [name, value] of Object.entries(params)) view.set(`p.${name}`, value);
  const target = new URLSearchParams({ [MAIL_REPORT_PARAM]: report, [MAIL_VIEW_PARAM]: `/consola${location.pathname}?${view.toString()}` });
  return (
    <Link className="button button--quiet" to={`${AVISOS_PATH}?${target.toString()}`}>
      Envia per correu
    </Link>
  );
}
