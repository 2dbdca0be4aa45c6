import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';
import type { AccountAuditEntry } from './account-audit';
import { AccountAuditTable } from './account-audit-table';
import { useAdminApi } from './admin-api-context';

interface AuditState {
  entries: AccountAuditEntry[];
  /** The cursor of the next, older page; null when none is left. */
  next: string | null;
  status: 'loading' | 'ready' | 'failed';
  failure?: ApiFailure;
}

const START: AuditState = { entries: [], next: null, status: 'loading' };

/** Registre del compte: every sign-in, failed sign-in, sign-out, user and token change, newest first, older pages on demand. */
export function AccountAuditPage() {
  const api = useAdminApi();
  const [state, setState] = useState<AuditState>(START);

  const load = useCallback(
    async (before: string | null, signal?: AbortSignal) => {
      setState((current) => ({ ...current, status: 'loading' }));
      const outcome = await api.auditPage(before, signal);
      if (signal?.aborted) return;
      setState((current) => {
        if (!outcome.ok) return { ...current, status: 'failed', failure: outcome.failure };
        const earlier = before === null ? [] : current.entries;
        return { entries: [...earlier, ...outcome.value.entries], next: outcome.value.next, status: 'ready' };
      });
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(null, controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <>
      <title>Registre del compte · Administració · Mesura · Consola</title>
      <h1>Registre del compte</h1>
      <p className="page-intro">Qui ha entrat i sortit de la consola, els intents fallits i cada canvi d'usuaris, rols, contrasenyes i claus API.</p>
      <section className="panel" aria-labelledby="audit-heading" aria-busy={state.status === 'loading'}>
        <h2 id="audit-heading">Els més recents primer</h2>
        <div className="token-secret__actions">
          <button type="button" className="button button--quiet" disabled={state.status === 'loading'} onClick={() => void load(null)}>
            Actualitza
          </button>
        </div>
        {state.status === 'failed' && state.failure !== undefined && (
          <p className="panel__error" role="alert">
            No s'ha pogut llegir el registre. {apiFailureMessage(state.failure)}
          </p>
        )}
        {state.status === 'ready' && state.entries.length === 0 && <p className="panel__note">El registre és buit.</p>}
        {state.entries.length > 0 && <AccountAuditTable entries={state.entries} />}
        <p role="status" className="panel__note">
          {state.status === 'loading' ? "S'està carregant el registre…" : `${state.entries.length} entrades mostrades.`}
        </p>
        {state.next !== null && (
          <button type="button" className="button" disabled={state.status === 'loading'} onClick={() => void load(state.next)}>
            Mostra'n de més antigues
          </button>
        )}
      </section>
    </>
  );
}
