import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import type { ApiFailure } from '../api/api-answer';
import { apiFailureMessage } from '../api/failure-message';
import { LOGIN_PATH, PASSWORD_PATH } from '../console-paths';
import type { Me } from '../session/me';
import { roleLabel } from '../session/roles';
import { signOut } from '../session/session-api';

/** Who is signed in, the way to change one's password, and "Surt". */
export function SignedInUser({ me }: { me: Me }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | undefined>(undefined);

  async function onSignOut() {
    setLeaving(true);
    setFailure(undefined);
    const done = await signOut();
    // A 401 means the session had already ended: the person is out either way.
    if (done.ok || (done.failure.reason === 'rejected' && done.failure.status === 401)) {
      void navigate(LOGIN_PATH, { replace: true });
      return;
    }
    setLeaving(false);
    setFailure(done.failure);
  }

  return (
    <div className="signed-in-user">
      <p className="signed-in-user__who">
        <span className="visually-hidden">Sessió iniciada com a </span>
        <span className="signed-in-user__email">{me.email}</span> <span className="signed-in-user__role">({roleLabel(me.role)})</span>
      </p>
      <NavLink className="signed-in-user__link" to={PASSWORD_PATH}>
        Contrasenya
      </NavLink>
      <button type="button" className="signed-in-user__sign-out" onClick={() => void onSignOut()} disabled={leaving}>
        Surt
      </button>
      {failure !== undefined && (
        <p className="signed-in-user__error" role="alert">
          No s'ha pogut tancar la sessió. {apiFailureMessage(failure)}
        </p>
      )}
    </div>
  );
}
