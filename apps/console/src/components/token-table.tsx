import { useState } from 'react';
import { apiFailureMessage } from '../api/failure-message';
import { roleLabel } from '../session/roles';
import type { ApiToken } from '../tokens/api-token';
import { formatInstant } from '../tokens/format-instant';
import { revokeApiToken } from '../tokens/tokens-api';

interface TokenTableProps {
  tokens: ApiToken[];
  /** Called once a token is revoked, to read the list again. */
  onRevoked: () => Promise<void>;
}

/** The person's tokens; revoking asks for a confirmation in the row itself. */
export function TokenTable({ tokens, onRevoked }: TokenTableProps) {
  const [confirming, setConfirming] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  if (tokens.length === 0) return <p className="panel__note">Encara no teniu cap clau API.</p>;

  async function revoke(token: ApiToken) {
    setSending(true);
    setProblem(undefined);
    const outcome = await revokeApiToken(token.id);
    setSending(false);
    setConfirming(undefined);
    if (outcome.ok) await onRevoked();
    else setProblem(`No s'ha pogut revocar la clau «${token.name}». ${apiFailureMessage(outcome.failure)}`);
  }

  return (
    <>
      {problem !== undefined && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <table className="report-table">
        <caption className="visually-hidden">Les vostres claus API</caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col">Rol</th>
            <th scope="col">Creada</th>
            <th scope="col">Darrer ús</th>
            <th scope="col">
              <span className="visually-hidden">Accions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row">{token.name}</th>
              <td>{roleLabel(token.role)}</td>
              <td>{formatInstant(token.createdAt)}</td>
              <td>{token.lastUsedAt === null ? 'Mai' : formatInstant(token.lastUsedAt)}</td>
              <td className="token-actions">
                {confirming === token.id ? (
                  <>
                    <button type="button" className="button button--danger" disabled={sending} onClick={() => void revoke(token)}>
                      Sí, revoca «{token.name}»
                    </button>
                    <button type="button" className="button button--quiet" onClick={() => setConfirming(undefined)}>
                      Cancel·la
                    </button>
                  </>
                ) : (
                  <button type="button" className="button button--quiet" aria-label={`Revoca la clau «${token.name}»`} onClick={() => setConfirming(token.id)}>
                    Revoca
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
