import { MAX_EMAIL_CHARS } from '@mesura/content';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATH, visitorApi } from '../account/visitor-session';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import '../account/account.css';

/** The answer is the same whether or not the address has an account: the page says no more than it. */
const sentTo = (email: string) => `Si hi ha un compte amb l’adreça ${email}, us hi hem enviat un enllaç per triar una contrasenya nova. Funciona una sola vegada i durant una hora.`;
const REFUSALS: Record<number, string> = {
  400: 'Reviseu el correu electrònic: no sembla una adreça vàlida.',
  403: 'No us hem pogut atendre des d’aquesta pàgina. Torneu-la a carregar.',
  429: 'Massa peticions. Espereu uns minuts i torneu-ho a provar.',
};
const UNKNOWN = 'Ara no us podem enviar l’enllaç. Torneu-ho a provar més tard.';
/** Sent without JavaScript: the address is not carried in the page's address, so the note names none. */
const SENT_POSTED = 'Si hi ha un compte amb l’adreça que heu indicat, us hi hem enviat un enllaç per triar una contrasenya nova. Funciona una sola vegada i durant una hora.';
/** The hidden field naming the form, read by the server when it is posted without JavaScript. */
const FORM_NAME = 'contrasenya-oblidada';

/** What the form posted without JavaScript came to (?formulari=…&resultat=…&motiu=…), in the app's words. */
function postedOutcome(params: URLSearchParams): { sent?: string; error?: string } {
  if (params.get('formulari') !== FORM_NAME) return {};
  if (params.get('resultat') === 'ok') return { sent: '' };
  return { error: REFUSALS[Number(params.get('motiu'))] ?? UNKNOWN };
}

/** /entrar/contrasenya-oblidada/: "He oblidat la contrasenya", a reset link by mail. */
export function PasswordForgottenPage() {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: { seccio: 'usuari', pageType: 'login', pageName: 'mesura:contrasenya-oblidada' } }), []));
  const id = useId();
  const [params] = useSearchParams();
  const posted = postedOutcome(params);
  const [sent, setSent] = useState<string | undefined>(posted.sent);
  const [error, setError] = useState<string | undefined>(posted.error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setError(undefined);
    setSent(undefined);
    const answer = await visitorApi.askPasswordReset(email).catch(() => undefined);
    if (answer?.status === 202) setSent(email);
    else setError(answer === undefined ? UNKNOWN : (REFUSALS[answer.status] ?? UNKNOWN));
  };

  return (
    <div className="account-forms">
      <title>He oblidat la contrasenya — Mesura.cat</title>
      <h1>He oblidat la contrasenya</h1>
      <form method="post" className="account-form" aria-labelledby={`${id}-h`} onSubmit={(e) => void submit(e)}>
        <h2 id={`${id}-h`}>Us enviarem un enllaç per triar-ne una de nova</h2>
        <input type="hidden" name="formulari" value={FORM_NAME} />
        <label htmlFor={`${id}-email`}>Correu electrònic del compte</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_CHARS} required />
        <p className="account-form__error" role="alert">
          {error ?? ''}
        </p>
        <p className="account-form__sent" role="status">
          {sent === undefined ? '' : sent === '' ? SENT_POSTED : sentTo(sent)}
        </p>
        <button type="submit">Envia’m l’enllaç</button>
        <p className="account-form__aside">
          <Link to={LOGIN_PATH}>Torna a la pàgina per entrar</Link>
        </p>
      </form>
    </div>
  );
}
