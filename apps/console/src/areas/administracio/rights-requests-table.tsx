import { formatCount } from '../../reports/format';
import { formatInstant } from '../../tokens/format-instant';
import { sectionLabel, totalRows, VISITOR_DATA_SECTIONS, type RightsRequest } from './visitor-rights';
import { keyedByContent } from '../../components/content-keys';
import { TableScroll } from '../../components/table-scroll';

const KIND_LABELS: Record<RightsRequest['kind'], string> = { access: 'Accés', erasure: 'Esborrament' };

/** The recorded access and erasure requests, latest first: who, when, what and how many rows. */
export function RightsRequestsTable({ requests }: { requests: RightsRequest[] }) {
  if (requests.length === 0) return <p className="panel__note">Encara no s'ha consultat ni esborrat cap visitant.</p>;
  return (
    <TableScroll label={"Peticions d'accés i d'esborrament"}>
      <table className="report-table">
        <caption className="visually-hidden">Peticions d'accés i d'esborrament registrades</caption>
        <thead>
          <tr>
            <th scope="col">Quan</th>
            <th scope="col">Tipus</th>
            <th scope="col">Visitant</th>
            <th scope="col">Qui</th>
            {VISITOR_DATA_SECTIONS.map((section) => (
              <th key={section} scope="col" className="numeric">
                {sectionLabel(section)}
              </th>
            ))}
            <th scope="col" className="numeric">
              Total de files
            </th>
          </tr>
        </thead>
        <tbody>
          {keyedByContent(requests, (request) => `${request.at}|${request.kind}|${request.visitorId}`).map(({ row: request, key }) => (
            <tr key={key}>
              <td>{formatInstant(request.at)}</td>
              <td>{KIND_LABELS[request.kind]}</td>
              <th scope="row">
                <code>{request.visitorId}</code>
              </th>
              <td>{request.requestedBy?.email ?? 'el servidor'}</td>
              {VISITOR_DATA_SECTIONS.map((section) => (
                <td key={section} className="numeric">
                  {formatCount(request.rows[section])}
                </td>
              ))}
              <td className="numeric">{formatCount(totalRows(request.rows))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
