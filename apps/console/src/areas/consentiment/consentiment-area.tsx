import { ReportArea } from '../../report-view/report-area';

/**
 * The Consentiment area: the server catalogue's `consent` reports in the generic report view, the
 * banner's answers per day and the collector's consent audit. Both are counts without any
 * identifier, so the filters do not apply to them (each report says so).
 */
export default function ConsentimentArea() {
  return <ReportArea catalogueArea="consent" label="Consentiment" />;
}
