/**
 * CallToAction: the site's calls to action, each a real feature that sends scClicBoto (event10)
 * with identificadorClic naming it ('cta-butlleti', 'cta-directe').
 *   <CallToAction kind="newsletter" detail={linkCallDetail} />  "Subscriu-te al butlletí": a form the
 *     server keeps (POST /api/engagement/newsletter); measured when the sign-up is accepted, which
 *     the server answers the same whether or not the address is subscribed: the mail it sends
 *     confirms the subscription (or says it was there), landing on /butlleti/.
 *   <CallToAction kind="live" detail={linkCallDetail} />  "Mira el directe": the link to
 *     /directes/mesura-tv/; measured on click, before the app too (linkCallAttributes).
 * - detail: the page's §7 link variables (measurement/direct-calls.ts LinkCallDetail).
 */
import { MAX_EMAIL_CHARS } from '@mesura/content';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { linkCallAttributes } from '../early-input/link-call-attributes';
import { sendDirectCall, type LinkCallDetail } from '../measurement/direct-calls';
import { postJson } from './engagement-api';
import './engagement.css';

export type CallToActionKind = 'newsletter' | 'live';

export interface CallToActionProps {
  kind: CallToActionKind;
  detail: LinkCallDetail;
}

export const CTA_IDS: Record<CallToActionKind, string> = { newsletter: 'cta-butlleti', live: 'cta-directe' };
export const LIVE_TV_PATH = '/directes/mesura-tv/';

export function CallToAction({ kind, detail }: CallToActionProps) {
  return kind === 'newsletter' ? <NewsletterSignup detail={detail} /> : <WatchLive detail={detail} />;
}

function WatchLive({ detail }: { detail: LinkCallDetail }) {
  const call = { ...detail, linkText: 'Mira el directe', identificadorClic: CTA_IDS.live };
  return (
    <Link
      className="engagement-button cta-live"
      to={LIVE_TV_PATH}
      // Clicked before the app, the head measures it from these (early-input/capture-pending-link-click.ts).
      {...linkCallAttributes('scClicBoto', call)}
      onClick={() => sendDirectCall('scClicBoto', { ...call, linkUrl: new URL(LIVE_TV_PATH, window.location.href).href })}
    >
      Mira el directe
    </Link>
  );
}

const INVALID_ADDRESS = 'Escriviu una adreça de correu electrònic vàlida.';
const FAILED = 'Ara no us podem subscriure. Torneu-ho a provar més tard.';

type SignupState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; email: string } | { kind: 'error'; message: string };

/** The form's hidden field, read by the server when it is posted without JavaScript. */
const FORM_NAME = 'butlleti';

/** What the form posted without JavaScript came to (?formulari=butlleti&resultat=…&motiu=…); the address is not in the page's. */
function postedState(params: URLSearchParams): SignupState {
  if (params.get('formulari') !== FORM_NAME) return { kind: 'idle' };
  if (params.get('resultat') === 'ok') return { kind: 'done', email: '' };
  return { kind: 'error', message: params.get('motiu') === '400' ? INVALID_ADDRESS : FAILED };
}

function NewsletterSignup({ detail }: { detail: LinkCallDetail }) {
  const [params] = useSearchParams();
  const [state, setState] = useState<SignupState>(() => postedState(params));
  const inputId = useId();
  const headingId = useId();
  // The thanks replace the form, and with it the focused button: focus goes to them.
  const thanks = useRef<HTMLParagraphElement>(null);
  const done = state.kind === 'done';
  useEffect(() => {
    if (done) thanks.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('email');
    // Checked here first (the form is noValidate, to word the message itself): an address the
    // server would refuse is not sent, so the page logs no failed request.
    if (field instanceof HTMLInputElement && !field.checkValidity()) {
      setState({ kind: 'error', message: INVALID_ADDRESS });
      field.focus();
      return;
    }
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setState({ kind: 'sending' });
    try {
      const answer = await postJson('/api/engagement/newsletter', { email });
      if (answer.status === 202) {
        setState({ kind: 'done', email });
        sendDirectCall('scClicBoto', { ...detail, linkText: 'Subscriu-te al butlletí', identificadorClic: CTA_IDS.newsletter });
      } else if (answer.status === 400) setState({ kind: 'error', message: INVALID_ADDRESS });
      else setState({ kind: 'error', message: FAILED });
    } catch {
      setState({ kind: 'error', message: 'No hi ha connexió. Torneu-ho a provar més tard.' });
    }
  };

  return (
    <section className="newsletter-signup" aria-labelledby={headingId}>
      <h2 id={headingId}>Subscriu-te al butlletí</h2>
      {state.kind === 'done' ? (
        <p role="status" ref={thanks} tabIndex={-1}>
          Us hem enviat un correu a {state.email || 'l’adreça que heu indicat'}. Obriu l’enllaç que hi trobareu per confirmar la subscripció i rebreu el butlletí cada matí.
        </p>
      ) : (
        <form method="post" onSubmit={submit} noValidate>
          <input type="hidden" name="formulari" value={FORM_NAME} />
          <label htmlFor={inputId}>Adreça de correu electrònic</label>
          <input id={inputId} name="email" type="email" autoComplete="email" required maxLength={MAX_EMAIL_CHARS} aria-invalid={state.kind === 'error'} />
          <button type="submit" className="engagement-button" disabled={state.kind === 'sending'}>
            Subscriu-te
          </button>
          <p role="status" className="engagement-status">
            {state.kind === 'error' ? state.message : ''}
          </p>
        </form>
      )}
    </section>
  );
}
