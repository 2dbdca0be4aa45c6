import { ReportArea } from '../../report-view/report-area';

/** The Tecnologia area: the server catalogue's `technology` reports, each in the generic report view. */
export default function TecnologiaArea() {
  return <ReportArea catalogueArea="technology" label="Tecnologia" />;
}
