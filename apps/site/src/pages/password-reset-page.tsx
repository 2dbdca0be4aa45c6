import { MIN_PASSWORD_CHARS } from '@mesura/content';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATH, PASSWORD_FORGOTTEN_PATH, visitorApi } from '../account/visitor-session';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import '../account/account.css';

/** The server's one line for a used, expired or missing link (password-reset-routes.ts RESET_LINK_REFUSED). */
const LINK_REFUSED_PATTERN = /reset link/;
type Outcome = 'changed' | 'link-refused' | 'weak' | 'refused';
const OUTCOMES: Record<Exclude<Outcome, 'changed'>, string> = {
  'link-refused': 'Aquest enllaç ja no és vàlid: ja s’ha fet servir o ha caducat.',
  weak: `La contrasenya ha de tenir ${MIN_PASSWORD_CHARS} caràcters o més.`,
  refused: 'Ara no podem canviar la contrasenya. Torneu-ho a provar més tard.',
};

/** The hidden field naming the form, read by the server when it is posted without JavaScript. */
const FORM_NAME = 'nova-contrasenya';
const POSTED_REASONS: Record<string, Outcome> = { 'enllac-caducat': 'link-refused', feble: 'weak' };

/** What the form posted without JavaScript came to (?formulari=…&resultat=…&motiu=…), or the link refused (?enllac=caducat). */
function firstOutcome(params: URLSearchParams): Outcome | undefined {
  if (params.get('enllac') === 'caducat') return 'link-refused';
  if (params.get('formulari') !== FORM_NAME) return undefined;
  return params.get('resultat') === 'ok' ? 'changed' : (POSTED_REASONS[params.get('motiu') ?? ''] ?? 'refused');
}

async function outcomeOf(answer: Response | undefined): Promise<Outcome> {
  if (answer === undefined) return 'refused';
  if (answer.status === 204) return 'changed';
  if (answer.status !== 400) return 'refused';
  const error = await answer.json().then(
    (body: { error?: unknown }) => String(body.error ?? ''),
    () => '',
  );
  return LINK_REFUSED_PATTERN.test(error) ? 'link-refused' : 'weak';
}

/**
 * /entrar/nova-contrasenya/: where the mailed reset link lands (its token in a cookie only the
 * server reads; ?enllac=caducat when the link could not be one). A new password ends every session
 * of the account; the visitor then signs in with it.
 */
export function PasswordResetPage() {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: { seccio: 'usuari', pageType: 'login', pageName: 'mesura:nova-contrasenya' } }), []));
  const [params] = useSearchParams();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome | undefined>(firstOutcome(params));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setOutcome(undefined);
    setOutcome(await outcomeOf(await visitorApi.resetPassword(password).catch(() => undefined)));
  };

  return (
    <div className="account-forms">
      <title>Nova contrasenya — Mesura.cat</title>
      <h1>Trieu una contrasenya nova</h1>
      {outcome === 'changed' ? (
        <p className="account-confirmation" role="status">
          Heu canviat la contrasenya i s’han tancat totes les sessions del compte. <Link to={LOGIN_PATH}>Entreu-hi amb la contrasenya nova</Link>.
        </p>
      ) : (
        <form method="post" className="account-form" aria-labelledby={`${id}-h`} onSubmit={(e) => void submit(e)}>
          <h2 id={`${id}-h`}>Contrasenya nova</h2>
          <input type="hidden" name="formulari" value={FORM_NAME} />
          <label htmlFor={`${id}-password`}>Contrasenya ({MIN_PASSWORD_CHARS} caràcters o més)</label>
          <input id={`${id}-password`} name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_CHARS} required />
          <p className="account-form__error" role="alert">
            {outcome === undefined ? '' : OUTCOMES[outcome]}
          </p>
          <button type="submit">Desa la contrasenya</button>
          {outcome === 'link-refused' && (
            <p className="account-form__aside">
              <Link to={PASSWORD_FORGOTTEN_PATH}>Demaneu un enllaç nou</Link>
            </p>
          )}
        </form>
      )}
    </div>
  );
}
