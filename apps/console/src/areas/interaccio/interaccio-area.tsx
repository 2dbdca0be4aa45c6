import { ReportArea } from '../../report-view/report-area';

/** The Interacció area: the server catalogue's `engagement` reports, each in the generic report view. */
export default function InteraccioArea() {
  return <ReportArea catalogueArea="engagement" label="Interacció" />;
}
