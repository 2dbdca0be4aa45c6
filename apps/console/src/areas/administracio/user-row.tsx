import { useEffect, useRef, useState } from 'react';
import { ROLES, roleLabel, type Role } from '../../session/roles';
import { formatInstant } from '../../tokens/format-instant';
import { useAdminApi } from './admin-api-context';
import { useFocusWhen } from './use-focus-when';
import { roleChangeFailureMessage, userDeletionFailureMessage } from './admin-messages';
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

/** One user: their role can be changed in place; deleting asks for a confirmation in the row. */
export function UserRow({ user, lastSignIn, isSelf, onChanged, onProblem }: UserRowProps) {
  const api = useAdminApi();
  const [role, setRole] = useState<Role>(user.role);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // A re-read list may bring another role (someone else changed it meanwhile).
  useEffect(() => setRole(user.role), [user.role]);
  useFocusWhen(confirmButton, confirming);

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

  async function remove() {
    setSending(true);
    const outcome = await api.deleteUser(user.id);
    setSending(false);
    setConfirming(false);
    if (outcome.ok) await onChanged(`S'ha esborrat ${user.email}; les seves sessions i claus API ja no valen.`);
    else onProblem(userDeletionFailureMessage(user.email, outcome.failure));
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
          Rol de {user.email}
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
      <td className="token-actions">
        {confirming ? (
          <>
            <button ref={confirmButton} type="button" className="button button--danger" disabled={sending} onClick={() => void remove()}>
              Sí, esborra {user.email}
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
              Cancel·la
            </button>
          </>
        ) : (
          <button type="button" className="button button--quiet" aria-label={`Esborra ${user.email}`} onClick={() => setConfirming(true)}>
            Esborra
          </button>
        )}
      </td>
    </tr>
  );
}
