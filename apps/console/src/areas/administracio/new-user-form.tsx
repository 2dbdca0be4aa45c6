import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { PasswordField } from '../../components/password-field';
import { ROLES, roleLabel, type Role } from '../../session/roles';
import { useAdminApi } from './admin-api-context';
import { MISSING_EMAIL_MESSAGE, MISSING_PASSWORD_MESSAGE, userCreationProblem, type FieldProblem } from './admin-messages';
import type { UserAccount } from './user-accounts';

const PROBLEM_ID = 'new-user-problem';

interface NewUserFormProps {
  onCreated: (user: UserAccount) => void;
}

/** E-mail, role and initial password of a new console user; the server's refusals are shown at the field they concern. */
export function NewUserForm({ onCreated }: NewUserFormProps) {
  const api = useAdminApi();
  const [email, setEmail] = useState('');
  // The least powerful role by default: a new person gets only what they need.
  const [role, setRole] = useState<Role>(ROLES[0]);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<FieldProblem | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const roleField = useRef<HTMLSelectElement>(null);
  // One object for the whole life of the form, so that the focus effect below runs for a new problem only.
  const fields = useMemo(() => ({ email: emailField, password: passwordField, role: roleField }), []);
  const problemText = useRef<HTMLParagraphElement>(null);

  const show = (next: FieldProblem) => setProblem(next);

  // Each new problem takes focus to its field (marked invalid and described by the problem), or to the problem itself.
  useEffect(() => {
    if (problem === undefined) return;
    (problem.field === undefined ? problemText.current : fields[problem.field].current)?.focus();
  }, [problem, fields]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '') return show({ field: 'email', message: MISSING_EMAIL_MESSAGE });
    if (password === '') return show({ field: 'password', message: MISSING_PASSWORD_MESSAGE });
    setProblem(undefined);
    setSending(true);
    const outcome = await api.createUser({ email: email.trim(), password, role });
    setSending(false);
    if (!outcome.ok) return show(userCreationProblem(outcome.failure));
    setEmail('');
    setPassword('');
    onCreated(outcome.value);
  }

  const invalid = (field: FieldProblem['field']) => problem !== undefined && problem.field === field;
  const describedBy = (field: FieldProblem['field']) => (invalid(field) ? PROBLEM_ID : undefined);

  return (
    <form className="form-card form-card--inline" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="form-field">
        <label htmlFor="new-user-email">Adreça electrònica</label>
        <input
          id="new-user-email"
          ref={fields.email}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid('email')}
          aria-describedby={describedBy('email')}
        />
      </div>
      <div className="form-field">
        <label htmlFor="new-user-role">Rol</label>
        <select id="new-user-role" ref={fields.role} value={role} onChange={(event) => setRole(event.target.value as Role)} aria-invalid={invalid('role')} aria-describedby={describedBy('role')}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {roleLabel(option)}
            </option>
          ))}
        </select>
      </div>
      <PasswordField
        id="new-user-password"
        label="Contrasenya inicial"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        invalid={invalid('password')}
        inputRef={fields.password}
        {...(invalid('password') ? { describedBy: PROBLEM_ID } : {})}
      />
      <button type="submit" className="button" disabled={sending}>
        Crea l'usuari
      </button>
      {problem !== undefined && (
        <p id={PROBLEM_ID} ref={problemText} tabIndex={-1} className="form-problem" role="alert">
          {problem.message}
        </p>
      )}
    </form>
  );
}
