import { useState, type FormEvent } from 'react';
import { roleLabel, tokenRoleOptions, type Role } from '../session/roles';
import type { CreatedApiToken } from '../tokens/api-token';
import { tokenCreationFailureMessage } from '../tokens/token-creation-message';
import { isTokenNameMissing, MISSING_TOKEN_NAME_MESSAGE } from '../tokens/token-name';
import { createApiToken } from '../tokens/tokens-api';

const PROBLEM_ID = 'new-token-problem';

interface NewTokenFormProps {
  ownRole: Role;
  onCreated: (token: CreatedApiToken) => void;
}

/** Name and role of a new API token; the role list stops at the person's own role. */
export function NewTokenForm({ ownRole, onCreated }: NewTokenFormProps) {
  const roles = tokenRoleOptions(ownRole);
  const [name, setName] = useState('');
  // The least powerful role by default: a script should get only what it needs.
  const [role, setRole] = useState<Role>(roles[0] ?? ownRole);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = isTokenNameMissing(name);
    setProblem(missing ? MISSING_TOKEN_NAME_MESSAGE : undefined);
    if (missing) return;
    setSending(true);
    const outcome = await createApiToken(name.trim(), role);
    setSending(false);
    if (!outcome.ok) {
      setProblem(tokenCreationFailureMessage(outcome.failure));
      return;
    }
    setName('');
    onCreated(outcome.value);
  }

  return (
    <form className="form-card form-card--inline" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="form-field">
        <label htmlFor="token-name">Nom de la clau</label>
        <input
          id="token-name"
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : PROBLEM_ID}
        />
      </div>
      <div className="form-field">
        <label htmlFor="token-role">Rol</label>
        <select id="token-role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {roles.map((option) => (
            <option key={option} value={option}>
              {roleLabel(option)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={sending}>
        Crea la clau
      </button>
      {problem !== undefined && (
        <p id={PROBLEM_ID} className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
