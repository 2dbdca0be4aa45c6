import { formatInstant } from '../../tokens/format-instant';
import { auditActionLabel, type AccountAuditEntry } from './account-audit';
import { TableScroll } from '../../components/table-scroll';

function actorText(entry: AccountAuditEntry): string {
  // A failed sign-in with an e-mail no user has, or the server itself (the first admin).
  if (entry.actor === null) return entry.action === 'login-failed' ? 'una adreça sense compte' : 'el servidor';
  return entry.actor.email ?? `usuari esborrat (${entry.actor.id})`;
}

function subjectText(entry: AccountAuditEntry): string {
  return entry.subjectName ?? entry.subject ?? '—';
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
          {entries.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
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
