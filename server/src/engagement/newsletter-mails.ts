/** The two mails a newsletter sign-up sends, in Catalan as the site speaks (vós). */
import { CONFIRMATION_TTL_MS } from '../mail/confirmation-token.js';
import type { Mail } from '../mail/mailer.js';

const TTL_HOURS = CONFIRMATION_TTL_MS / 3_600_000;

/** To a new address (or one still unconfirmed): the link that confirms the subscription. */
export function confirmSubscriptionMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirmeu la subscripció al butlletí de Mesura.cat',
    text: `Hola:

Algú ha subscrit aquesta adreça al butlletí de Mesura.cat. Si heu estat vós, obriu aquest enllaç per confirmar-ho i rebreu el butlletí cada matí:

${link}

L'enllaç funciona una sola vegada i durant ${TTL_HOURS} hores.

Si no heu estat vós, no cal que feu res: no us enviarem cap butlletí.

Mesura.cat
`,
  };
}

/** To an address already subscribed and confirmed: nothing changed. */
export function alreadySubscribedMail(to: string): Mail {
  return {
    to,
    subject: 'Ja rebeu el butlletí de Mesura.cat',
    text: `Hola:

Algú ha intentat subscriure aquesta adreça al butlletí de Mesura.cat, però ja hi està subscrita: continuareu rebent el butlletí cada matí, com fins ara.

Si no heu estat vós, no cal que feu res.

Mesura.cat
`,
  };
}
