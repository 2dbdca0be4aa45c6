import { useState } from 'react';
import { apiFailureMessage } from '../api/failure-message';
import { NewTokenForm } from '../components/new-token-form';
import { NewTokenSecret } from '../components/new-token-secret';
import { TokenTable } from '../components/token-table';
import { useApiTokens } from '../hooks/use-api-tokens';
import { roleLabel } from '../session/roles';
import { useSession } from '../session/session-context';
import type { CreatedApiToken } from '../tokens/api-token';

/** /consola/claus-api/: the person's API tokens for scripts: list, create, revoke. */
export function ApiTokensPage() {
  const { me } = useSession();
  const { state, reload } = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | undefined>(undefined);

  function onCreated(token: CreatedApiToken) {
    setCreated(token);
    void reload();
  }

  return (
    <>
      <title>Claus API · Mesura · Consola</title>
      <h1>Claus API</h1>
      <p className="page-intro">
        Els scripts fan servir una clau API en lloc de la vostra contrasenya. Cada clau té un rol, com a màxim el vostre ({roleLabel(me.role)}), i la podeu revocar quan vulgueu.
      </p>

      {created !== undefined && <NewTokenSecret key={created.id} token={created} onDismiss={() => setCreated(undefined)} />}

      <section className="panel" aria-labelledby="new-token-heading">
        <h2 id="new-token-heading">Nova clau</h2>
        <NewTokenForm ownRole={me.role} onCreated={onCreated} />
      </section>

      <section className="panel" aria-labelledby="tokens-heading" aria-busy={state.status === 'loading'}>
        <h2 id="tokens-heading">Les vostres claus</h2>
        {state.status === 'loading' && <p className="panel__note">S'estan carregant les claus…</p>}
        {state.status === 'failed' && (
          <p className="panel__error" role="alert">
            No s'han pogut llegir les claus. {apiFailureMessage(state.failure)}
          </p>
        )}
        {state.status === 'ready' && <TokenTable tokens={state.tokens} onRevoked={reload} />}
      </section>
    </>
  );
}
