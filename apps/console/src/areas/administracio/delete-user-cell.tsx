import { useRef, useState } from 'react';
import { useAdminApi } from './admin-api-context';
import { userDeletionFailureMessage } from './admin-messages';
import { useFocusWhen } from './use-focus-when';
import type { UserAccount } from './user-accounts';

interface DeleteUserCellProps {
  user: UserAccount;
  onDeleted: (message: string) => Promise<void>;
  onProblem: (message: string) => void;
}

/** "Esborra", then a confirmation naming the user, which takes focus; the server ends their sessions and tokens. */
export function DeleteUserCell({ user, onDeleted, onProblem }: DeleteUserCellProps) {
  const api = useAdminApi();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useFocusWhen(confirmButton, confirming);

  async function remove() {
    setSending(true);
    const outcome = await api.deleteUser(user.id);
    setSending(false);
    setConfirming(false);
    if (outcome.ok) await onDeleted(`S'ha esborrat ${user.email}; les seves sessions i claus API ja no valen.`);
    else onProblem(userDeletionFailureMessage(user.email, outcome.failure));
  }

  return (
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
  );
}
