import { ReportArea } from '../../report-view/report-area';

/** The Contingut area: the server catalogue's `content` reports, each in the generic report view. */
export default function ContingutArea() {
  return <ReportArea catalogueArea="content" label="Contingut" />;
}
