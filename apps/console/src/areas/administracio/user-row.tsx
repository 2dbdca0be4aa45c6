import { useEffect, useState } from 'react';
import { deBefore } from '../../reports/catalan-de';
import { ROLES, roleLabel, type Role } from '../../session/roles';
import { formatInstant } from '../../tokens/format-instant';
import { useAdminApi } from './admin-api-context';
import { roleChangeFailureMessage } from './admin-messages';
import { DeleteUserCell } from './delete-user-cell';
import type { UserAccount } from './user-accounts';

interface UserRowProps {
  user: UserAccount;
  /** ISO instant of the user's latest sign-in; null if never; undefined when it could not be read. */
  lastSignIn: string | null | undefined;
  isSelf: boolean;
  /** Called after a change, to read the list again. */
  onChanged: (message: string) => Promise<void>;
  onProblem: (message: string) => void;
}

/** One user: their role can be changed in place; deleting asks for a confirmation in the row (delete-user-cell.tsx). */
export function UserRow({ user, lastSignIn, isSelf, onChanged, onProblem }: UserRowProps) {
  const api = useAdminApi();
  const [role, setRole] = useState<Role>(user.role);
  const [sending, setSending] = useState(false);

  // A re-read list may bring another role (someone else changed it meanwhile).
  useEffect(() => setRole(user.role), [user.role]);

  async function changeRole() {
    setSending(true);
    const outcome = await api.changeRole(user.id, role);
    setSending(false);
    if (outcome.ok) await onChanged(`Ara ${user.email} és ${roleLabel(outcome.value.role)}.`);
    else {
      setRole(user.role);
      onProblem(roleChangeFailureMessage(user.email, outcome.failure));
    }
  }

  const roleSelectId = `user-role-${user.id}`;
  return (
    <tr>
      <th scope="row">
        {user.email}
        {isSelf && ' (vós)'}
        {user.mustChangePassword && <span className="admin-note"> · ha de canviar la contrasenya</span>}
      </th>
      <td>
        <label htmlFor={roleSelectId} className="visually-hidden">
          Rol {deBefore(user.email)}
        </label>
        <select id={roleSelectId} value={role} disabled={sending} onChange={(event) => setRole(event.target.value as Role)}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {roleLabel(option)}
            </option>
          ))}
        </select>{' '}
        {role !== user.role && (
          <button type="button" className="button button--quiet" disabled={sending} onClick={() => void changeRole()}>
            Desa el rol
          </button>
        )}
      </td>
      <td>{formatInstant(user.createdAt)}</td>
      <td>{lastSignIn === undefined ? '—' : lastSignIn === null ? 'Mai' : formatInstant(lastSignIn)}</td>
      <DeleteUserCell user={user} onDeleted={onChanged} onProblem={onProblem} />
    </tr>
  );
}
