/**
 * Tells the server which of the three answers the visitor gave the banner
 * (`POST /api/consent/choices`), once per answer, so that refusals are counted as well as
 * acceptances. The request carries the answer and nothing else: no cookie (`credentials: 'omit'`),
 * no referrer, no identifier. A keepalive fetch rather than sendBeacon, because a beacon always
 * carries the page's cookies; keepalive lets it finish when the answer is followed by a navigation.
 * Sent whatever the answer, before anything is measured: it is not a measurement of the visitor.
 */
import type { ConsentActions } from './consent-banner';

/** The answers, as the server names them (server/src/consent-choices/consent-choice.ts). */
export type ConsentAnswer = 'accept-all' | 'reject-all' | 'custom';

export const CONSENT_CHOICES_PATH = '/api/consent/choices';

export type SendConsentAnswer = (answer: ConsentAnswer) => void;

/** Sends one answer; a failure is dropped: the count is the server's, the visitor's choice is stored regardless. */
export function sendConsentAnswer(answer: ConsentAnswer, send: typeof fetch = fetch): void {
  send(CONSENT_CHOICES_PATH, {
    method: 'POST',
    // A string body goes as text/plain, which needs no CORS preflight.
    body: JSON.stringify({ choice: answer }),
    keepalive: true,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    cache: 'no-store',
  }).catch(() => undefined);
}

/** The banner's actions, each sending its answer once before it does what it did. */
export function sendingAnswers(actions: ConsentActions, send: SendConsentAnswer = sendConsentAnswer): ConsentActions {
  return {
    acceptAll: () => {
      send('accept-all');
      actions.acceptAll();
    },
    rejectAll: () => {
      send('reject-all');
      actions.rejectAll();
    },
    save: (toggles) => {
      send('custom');
      actions.save(toggles);
    },
  };
}
