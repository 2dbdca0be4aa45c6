import { ReportArea } from '../../report-view/report-area';

/** The Audiència area: the server catalogue's `audience` reports, each in the generic report view. */
export default function AudienciaArea() {
  return <ReportArea catalogueArea="audience" label="Audiència" />;
}
