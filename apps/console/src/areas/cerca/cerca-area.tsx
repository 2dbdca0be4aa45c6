import { ReportArea } from '../../report-view/report-area';

/** The Cerca interna area: the server catalogue's `search` reports, each in the generic report view. */
export default function CercaArea() {
  return <ReportArea catalogueArea="search" label="Cerca interna" />;
}
