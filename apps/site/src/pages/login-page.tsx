import { MAX_DISPLAY_NAME_CHARS, MAX_EMAIL_CHARS, MIN_PASSWORD_CHARS } from '@mesura/content';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { declareSignedInVisitor } from '../account/customer-ids';
import { useVisitor } from '../account/use-visitor';
import { safeReturnPath, visitorApi } from '../account/visitor-session';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import '../account/account.css';

/** What the API's refusals mean to a visitor. */
const MESSAGES: Record<number, string> = {
  400: 'Reviseu les dades: cal un correu electrònic vàlid i una contrasenya de 12 caràcters o més.',
  401: 'El correu electrònic o la contrasenya no són correctes.',
  403: 'No us hem pogut identificar des d’aquesta pàgina. Torneu-la a carregar.',
  409: 'Ja hi ha un compte amb aquest correu electrònic. Entreu-hi amb la vostra contrasenya.',
  429: 'Massa intents fallits. Espereu uns minuts i torneu-ho a provar.',
};
const UNKNOWN = 'Ara no us podem identificar. Torneu-ho a provar més tard.';

/** /entrar/: sign in, or create an account; then back to the page the visitor came from. */
export function LoginPage() {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: { seccio: 'usuari', pageType: 'login', pageName: 'mesura:entrar' } }), []));
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('torna'));
  const [error, setError] = useState<{ form: 'signin' | 'signup'; text: string }>();
  const ids = { signin: useId(), signup: useId() };
  const visitor = useVisitor();

  const submit = (form: 'signin' | 'signup') => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    setError(undefined);
    const answer = await (form === 'signin' ? visitorApi.signIn(field('email'), field('password')) : visitorApi.signUp(field('name'), field('email'), field('password'))).catch(() => undefined);
    if (answer?.ok) {
      // The answer set the state cookie: Mesura hears of the login before the page goes (§3).
      declareSignedInVisitor(document.cookie);
      // A full load: the data layer, the header and every button start again as signed in.
      window.location.assign(back);
      return;
    }
    setError({ form, text: (answer && MESSAGES[answer.status]) ?? UNKNOWN });
  };

  return (
    <div className="account-forms">
      <title>Entra — Mesura.cat</title>
      <h1>Entra a Mesura.cat</h1>
      <p>Amb un compte podeu desar notícies, vídeos i pòdcasts a «La meva llista» i trobar-los des de qualsevol dispositiu.</p>
      {visitor !== undefined && <SignedIn name={visitor.name} back={back} />}
      <form className="account-form" aria-labelledby={`${ids.signin}-h`} onSubmit={(e) => void submit('signin')(e)}>
        <h2 id={`${ids.signin}-h`}>Ja tinc un compte</h2>
        <label htmlFor={`${ids.signin}-email`}>Correu electrònic</label>
        <input id={`${ids.signin}-email`} name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_CHARS} required />
        <label htmlFor={`${ids.signin}-password`}>Contrasenya</label>
        <input id={`${ids.signin}-password`} name="password" type="password" autoComplete="current-password" required />
        <p className="account-form__error" role="alert">
          {error?.form === 'signin' ? error.text : ''}
        </p>
        <button type="submit">Entra</button>
      </form>
      <form className="account-form" aria-labelledby={`${ids.signup}-h`} onSubmit={(e) => void submit('signup')(e)}>
        <h2 id={`${ids.signup}-h`}>Crea un compte</h2>
        <label htmlFor={`${ids.signup}-name`}>Nom</label>
        <input id={`${ids.signup}-name`} name="name" type="text" autoComplete="given-name" maxLength={MAX_DISPLAY_NAME_CHARS} required />
        <label htmlFor={`${ids.signup}-email`}>Correu electrònic</label>
        <input id={`${ids.signup}-email`} name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_CHARS} required />
        <label htmlFor={`${ids.signup}-password`}>Contrasenya (12 caràcters o més)</label>
        <input id={`${ids.signup}-password`} name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_CHARS} required />
        <p className="account-form__error" role="alert">
          {error?.form === 'signup' ? error.text : ''}
        </p>
        <button type="submit">Crea el compte</button>
      </form>
    </div>
  );
}

/**
 * A visitor who is already signed in (a bookmark, the back button) is told so, with the way on:
 * the forms alone would look as if signing in had not worked.
 */
function SignedIn({ name, back }: { name: string; back: string }) {
  return (
    <p className="account-signed-in" role="status">
      Ja heu entrat com a {name}. <Link to={back}>Continueu</Link> o aneu a <Link to="/la-meva-llista/">La meva llista</Link>.
    </p>
  );
}
