import { useRef, useState } from 'react';
import { apiFailureMessage } from '../../api/failure-message';
import { useSession } from '../../session/session-context';
import { useAdminApi } from './admin-api-context';
import { useFocusWhen } from './use-focus-when';
import { NewUserForm } from './new-user-form';
import { UsersTable } from './users-table';
import { useLoaded } from './use-loaded';

/** Usuaris: the console's users with their role, creation and latest sign-in; create, change a role, delete. */
export function UsersPage() {
  const api = useAdminApi();
  const { me } = useSession();
  const users = useLoaded(api.listUsers);
  const signIns = useLoaded(api.lastSignIns);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const problemText = useRef<HTMLParagraphElement>(null);
  useFocusWhen(problemText, problem);

  async function changed(message: string) {
    setProblem(undefined);
    setDone(message);
    await Promise.all([users.reload(), signIns.reload()]);
  }

  function failed(message: string) {
    setDone(undefined);
    setProblem(message);
  }

  const lastSignInOf = (userId: string) => (signIns.state.status === 'ready' ? (signIns.state.value.get(userId) ?? null) : undefined);

  return (
    <>
      <title>Usuaris · Administració · Mesura · Consola</title>
      <h1>Usuaris</h1>
      <p className="page-intro">
        Qui pot entrar a la consola i amb quin rol: un analista llegeix informes i exportacions, un editor també canvia les activitats de personalització i un administrador també gestiona usuaris i
        els drets dels visitants. Sempre hi ha d'haver almenys un administrador.
      </p>

      <section className="panel" aria-labelledby="new-user-heading">
        <h2 id="new-user-heading">Nou usuari</h2>
        <NewUserForm onCreated={(user) => void changed(`S'ha creat ${user.email}. Doneu-li la contrasenya inicial per un canal segur: l'haurà de canviar en entrar.`)} />
      </section>

      <section className="panel" aria-labelledby="users-heading" aria-busy={users.state.status === 'loading'}>
        <h2 id="users-heading">Usuaris de la consola</h2>
        <p role="status" className="form-done">
          {done}
        </p>
        {problem !== undefined && (
          <p ref={problemText} tabIndex={-1} className="form-problem" role="alert">
            {problem}
          </p>
        )}
        {users.state.status === 'loading' && <p className="panel__note">S'estan carregant els usuaris…</p>}
        {users.state.status === 'failed' && (
          <p className="panel__error" role="alert">
            No s'han pogut llegir els usuaris. {apiFailureMessage(users.state.failure)}
          </p>
        )}
        {signIns.state.status === 'failed' && <p className="panel__note">No s'han pogut llegir les darreres entrades ({apiFailureMessage(signIns.state.failure)}); es mostren com a «—».</p>}
        {users.state.status === 'ready' && <UsersTable users={users.state.value} selfId={me.id} lastSignInOf={lastSignInOf} onChanged={changed} onProblem={failed} />}
      </section>
    </>
  );
}
