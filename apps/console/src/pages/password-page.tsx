import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../components/password-field';
import { RETURN_PARAM } from '../console-paths';
import { passwordChangeFailureMessage } from '../session/password-change-message';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem, type PasswordDraft } from '../session/password-form';
import { safeReturnPath } from '../session/return-path';
import { changePassword } from '../session/session-api';
import { useSession } from '../session/session-context';

const EMPTY_DRAFT: PasswordDraft = { current: '', next: '', repeat: '' };
const PROBLEM_ID = 'password-problem';

/**
 * /consola/contrasenya/: replace one's password. A person who must replace the initial password is
 * kept here by the layout; once done they go on to the page they wanted (`torna`).
 */
export function PasswordPage() {
  const { me, refresh } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [changed, setChanged] = useState(false);
  const forced = me.mustChangePassword;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChanged(false);
    const found = passwordProblem(draft);
    setProblem(found === undefined ? undefined : PASSWORD_PROBLEM_MESSAGES[found]);
    if (found !== undefined) return;
    setSending(true);
    const done = await changePassword(draft.current, draft.next);
    setSending(false);
    if (!done.ok) {
      setProblem(passwordChangeFailureMessage(done.failure));
      return;
    }
    setDraft(EMPTY_DRAFT);
    await refresh();
    if (forced || params.has(RETURN_PARAM)) void navigate(safeReturnPath(params.get(RETURN_PARAM)), { replace: true });
    else setChanged(true);
  }

  const field = (key: keyof PasswordDraft) => ({
    value: draft[key],
    onChange: (value: string) => setDraft({ ...draft, [key]: value }),
    invalid: problem !== undefined,
    ...(problem === undefined ? {} : { describedBy: PROBLEM_ID }),
  });

  return (
    <>
      <title>Contrasenya · Mesura · Consola</title>
      <h1>Canvia la contrasenya</h1>
      {forced && <p className="page-intro">Abans de continuar, substituïu la contrasenya inicial per una de vostra que només sapigueu vós.</p>}
      <form className="form-card" noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordField id="current-password" label="Contrasenya actual" autoComplete="current-password" {...field('current')} />
        <PasswordField id="new-password" label="Contrasenya nova" autoComplete="new-password" {...field('next')} />
        <PasswordField id="repeat-password" label="Repetiu la contrasenya nova" autoComplete="new-password" {...field('repeat')} />
        {problem !== undefined && (
          <p id={PROBLEM_ID} className="form-problem" role="alert">
            {problem}
          </p>
        )}
        {changed && (
          <p className="form-done" role="status">
            S'ha canviat la contrasenya.
          </p>
        )}
        <button type="submit" className="button" disabled={sending}>
          Canvia la contrasenya
        </button>
      </form>
    </>
  );
}
