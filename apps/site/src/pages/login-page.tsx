import { ACCOUNT_CONFIRMATION_PARAM, MAX_DISPLAY_NAME_CHARS, MAX_EMAIL_CHARS, MIN_PASSWORD_CHARS, confirmationOutcome, type ConfirmationOutcome } from '@mesura/content';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { declareSignedInVisitor } from '../account/customer-ids';
import { useVisitor } from '../account/use-visitor';
import { PASSWORD_FORGOTTEN_PATH, safeReturnPath, visitorApi } from '../account/visitor-session';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import '../account/account.css';

/** What the API's refusals mean to a visitor. */
const MESSAGES: Record<number, string> = {
  400: 'Reviseu les dades: cal un correu electrònic vàlid i una contrasenya de 12 caràcters o més.',
  401: 'El correu electrònic o la contrasenya no són correctes.',
  403: 'No us hem pogut identificar des d’aquesta pàgina. Torneu-la a carregar.',
  429: 'Massa intents fallits. Espereu uns minuts i torneu-ho a provar.',
};
const UNKNOWN = 'Ara no us podem identificar. Torneu-ho a provar més tard.';
/** A right password for an account whose mailed link has not been followed yet (403 MESURA_ERR_FORBIDDEN). */
const UNCONFIRMED = 'Encara no heu confirmat el compte. Obriu l’enllaç del correu que us vam enviar en crear-lo i torneu-ho a provar.';
const UNCONFIRMED_CODE = 'MESURA_ERR_FORBIDDEN';

/** What the mailed confirmation link found, said where it lands (?compte=). */
const CONFIRMATION: Record<ConfirmationOutcome, string> = {
  confirmat: 'El vostre compte està confirmat. Ja hi podeu entrar amb el vostre correu electrònic i la vostra contrasenya.',
  'enllac-caducat': 'Aquest enllaç de confirmació ja no és vàlid: ja s’ha fet servir o ha caducat. Si encara no podeu entrar, creeu el compte de nou i us enviarem un enllaç nou.',
};

/** A sign-up always answers the same (202), whether or not the address has an account: the mail says which. */
const checkYourMail = (email: string) =>
  `Us hem enviat un correu a ${email}. Obriu l’enllaç que hi trobareu per confirmar el compte; després ja hi podreu entrar. Si ja teníeu un compte, el correu us ho recorda.`;

/** A sign-up sent without JavaScript: the address is not carried in the page's address, so the note names none. */
const CHECK_YOUR_MAIL_POSTED =
  'Us hem enviat un correu a l’adreça que heu indicat. Obriu l’enllaç que hi trobareu per confirmar el compte; després ja hi podreu entrar. Si ja teníeu un compte, el correu us ho recorda.';

/** The hidden field naming each form, read by the server when the form is posted without JavaScript. */
const FORM_NAMES = { signin: 'entrar', signup: 'crear-compte' } as const;

/**
 * What a form posted without JavaScript came to, read from the address the server sent the visitor
 * back to (?formulari=…&resultat=…&motiu=…): the same words the app says after sending it.
 */
function postedOutcome(params: URLSearchParams): { error?: { form: 'signin' | 'signup'; text: string }; sent?: boolean } {
  const form = params.get('formulari') === FORM_NAMES.signin ? 'signin' : params.get('formulari') === FORM_NAMES.signup ? 'signup' : undefined;
  if (form === undefined) return {};
  if (params.get('resultat') === 'ok') return { sent: form === 'signup' };
  const reason = params.get('motiu') ?? '';
  return { error: { form, text: reason === 'sense-confirmar' ? UNCONFIRMED : (MESSAGES[Number(reason)] ?? UNKNOWN) } };
}

async function refusal(answer: Response | undefined): Promise<string> {
  if (answer === undefined) return UNKNOWN;
  if (answer.status === 403) {
    const code = await answer.json().then(
      (body: { code?: unknown }) => body.code,
      () => undefined,
    );
    if (code === UNCONFIRMED_CODE) return UNCONFIRMED;
  }
  return MESSAGES[answer.status] ?? UNKNOWN;
}

/**
 * /entrar/: sign in, then back to the page the visitor came from; or create an account, which the
 * link mailed to its address confirms (landing back here with ?compte=).
 */
export function LoginPage() {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: { seccio: 'usuari', pageType: 'login', pageName: 'mesura:entrar' } }), []));
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('torna'));
  const confirmation = confirmationOutcome(params.get(ACCOUNT_CONFIRMATION_PARAM));
  const posted = postedOutcome(params);
  const [error, setError] = useState<{ form: 'signin' | 'signup'; text: string } | undefined>(posted.error);
  const [sentTo, setSentTo] = useState<string | undefined>(posted.sent ? '' : undefined);
  const ids = { signin: useId(), signup: useId() };
  const visitor = useVisitor();

  const submit = (form: 'signin' | 'signup') => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const field = (name: string) => String(data.get(name) ?? '');
    setError(undefined);
    setSentTo(undefined);
    const answer = await (form === 'signin' ? visitorApi.signIn(field('email'), field('password')) : visitorApi.signUp(field('name'), field('email'), field('password'), back)).catch(() => undefined);
    if (form === 'signup' && answer?.status === 202) {
      formElement.reset();
      setSentTo(field('email'));
      return;
    }
    if (form === 'signin' && answer?.ok) {
      // The answer set the state cookie: Mesura hears of the login before the page goes (§3).
      declareSignedInVisitor(document.cookie);
      // A full load: the data layer, the header and every button start again as signed in.
      window.location.assign(back);
      return;
    }
    setError({ form, text: await refusal(answer) });
  };

  return (
    <div className="account-forms">
      <title>Entra — Mesura.cat</title>
      <h1>Entra a Mesura.cat</h1>
      <p>Amb un compte podeu desar notícies, vídeos i pòdcasts a «La meva llista» i trobar-los des de qualsevol dispositiu.</p>
      {confirmation !== undefined && (
        <p className="account-confirmation" role="status" data-outcome={confirmation}>
          {CONFIRMATION[confirmation]}
        </p>
      )}
      {visitor !== undefined && <SignedIn name={visitor.name} back={back} />}
      <form method="post" className="account-form" aria-labelledby={`${ids.signin}-h`} onSubmit={(e) => void submit('signin')(e)}>
        <h2 id={`${ids.signin}-h`}>Ja tinc un compte</h2>
        <input type="hidden" name="formulari" value={FORM_NAMES.signin} />
        <label htmlFor={`${ids.signin}-email`}>Correu electrònic</label>
        <input id={`${ids.signin}-email`} name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_CHARS} required />
        <label htmlFor={`${ids.signin}-password`}>Contrasenya</label>
        <input id={`${ids.signin}-password`} name="password" type="password" autoComplete="current-password" required />
        <p className="account-form__error" role="alert">
          {error?.form === 'signin' ? error.text : ''}
        </p>
        <button type="submit">Entra</button>
        <p className="account-form__aside">
          <Link to={PASSWORD_FORGOTTEN_PATH}>He oblidat la contrasenya</Link>
        </p>
      </form>
      <form method="post" className="account-form" aria-labelledby={`${ids.signup}-h`} onSubmit={(e) => void submit('signup')(e)}>
        <h2 id={`${ids.signup}-h`}>Crea un compte</h2>
        <input type="hidden" name="formulari" value={FORM_NAMES.signup} />
        <label htmlFor={`${ids.signup}-name`}>Nom</label>
        <input id={`${ids.signup}-name`} name="name" type="text" autoComplete="given-name" maxLength={MAX_DISPLAY_NAME_CHARS} required />
        <label htmlFor={`${ids.signup}-email`}>Correu electrònic</label>
        <input id={`${ids.signup}-email`} name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_CHARS} required />
        <label htmlFor={`${ids.signup}-password`}>Contrasenya (12 caràcters o més)</label>
        <input id={`${ids.signup}-password`} name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_CHARS} required />
        <p className="account-form__error" role="alert">
          {error?.form === 'signup' ? error.text : ''}
        </p>
        <p className="account-form__sent" role="status">
          {sentTo === undefined ? '' : sentTo === '' ? CHECK_YOUR_MAIL_POSTED : checkYourMail(sentTo)}
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
