import { ReportArea } from '../../report-view/report-area';

/** The Adquisició area: the server catalogue's `acquisition` reports, each in the generic report view. */
export default function AdquisicioArea() {
  return <ReportArea catalogueArea="acquisition" label="Adquisició" />;
}
