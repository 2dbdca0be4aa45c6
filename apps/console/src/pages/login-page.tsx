import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ApiFailure } from '../api/api-answer';
import { RETURN_PARAM } from '../console-paths';
import { safeReturnPath } from '../session/return-path';
import { signIn } from '../session/session-api';
import { MISSING_CREDENTIALS_MESSAGE, signInFailureMessage } from '../session/sign-in-message';

/** /consola/entrar/: email and password; on success, the page the person wanted (`torna`) or the home. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const passwordInput = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | undefined>(undefined);
  const [missing, setMissing] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(undefined);
    const isMissing = email.trim() === '' || password === '';
    setMissing(isMissing);
    if (isMissing) return;
    setSending(true);
    const done = await signIn(email.trim(), password);
    if (done.ok) {
      void navigate(safeReturnPath(params.get(RETURN_PARAM)), { replace: true });
      return;
    }
    setSending(false);
    setFailure(done.failure);
    passwordInput.current?.select();
  }

  const problem = missing ? MISSING_CREDENTIALS_MESSAGE : failure === undefined ? undefined : signInFailureMessage(failure);
  const problemId = problem === undefined ? undefined : 'login-problem';
  return (
    <main className="login">
      <title>Entra · Mesura · Consola</title>
      <p className="login__brand">
        Mesura <span aria-hidden="true">·</span> Consola
      </p>
      <h1>Entra a la consola</h1>
      <form className="form-card" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={problemId}>
        <div className="form-field">
          <label htmlFor="login-email">Correu electrònic</label>
          <input id="login-email" type="email" name="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={problem !== undefined} />
        </div>
        <div className="form-field">
          <label htmlFor="login-password">Contrasenya</label>
          <input
            id="login-password"
            ref={passwordInput}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={problem !== undefined}
          />
        </div>
        {problem !== undefined && (
          <p id={problemId} className="form-problem" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={sending}>
          Entra
        </button>
      </form>
    </main>
  );
}
