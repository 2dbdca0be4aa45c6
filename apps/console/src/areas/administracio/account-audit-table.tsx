import { formatInstant } from '../../tokens/format-instant';
import { auditActionLabel, type AccountAuditEntry } from './account-audit';
import { keyedByContent } from '../../components/content-keys';
import { TableScroll } from '../../components/table-scroll';

function actorText(entry: AccountAuditEntry): string {
  // A failed sign-in with an e-mail no user has, or the server itself (the first admin).
  if (entry.actor === null) return entry.action === 'login-failed' ? 'una adreça sense compte' : 'el servidor';
  return entry.actor.email ?? `usuari esborrat (${entry.actor.id})`;
}

function subjectText(entry: AccountAuditEntry): string {
  return entry.subjectName ?? entry.subject ?? '—';
}

/** What an entry says, its key in the table: the audit gives its entries no id. */
function auditContent(entry: AccountAuditEntry): string {
  return [entry.at, entry.action, entry.actor?.id ?? '', entry.subject ?? ''].join('|');
}

/** Audit entries as read so far: when, who, what, about whom. */
export function AccountAuditTable({ entries }: { entries: AccountAuditEntry[] }) {
  return (
    <TableScroll label={'Registre del compte'}>
      <table className="report-table">
        <caption className="visually-hidden">Registre del compte</caption>
        <thead>
          <tr>
            <th scope="col">Quan</th>
            <th scope="col">Qui</th>
            <th scope="col">Què</th>
            <th scope="col">Sobre</th>
          </tr>
        </thead>
        <tbody>
          {keyedByContent(entries, auditContent).map(({ row: entry, key }) => (
            <tr key={key}>
              <td>{formatInstant(entry.at)}</td>
              <td>{actorText(entry)}</td>
              <td>{auditActionLabel(entry.action)}</td>
              <td>{subjectText(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
