/**
 * The mails of visitor accounts (the two a sign-up sends, and a password reset's), in Catalan as the site speaks (vós). They hold nothing
 * the one signing up typed but the address: a name chosen by a stranger must not speak to the
 * address's owner in Mesura's voice.
 */
import { CONFIRMATION_TTL_MS } from '../mail/confirmation-token.js';
import type { Mail } from '../mail/mailer.js';
import { PASSWORD_RESET_TTL_MS } from './visitor-limits.js';

const TTL_HOURS = CONFIRMATION_TTL_MS / 3_600_000;

/** To a new address (or one whose account is still unconfirmed): the link that confirms it. */
export function confirmAccountMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirmeu el vostre compte de Mesura.cat',
    text: `Hola:

Algú ha creat un compte a Mesura.cat amb aquesta adreça. Si heu estat vós, obriu aquest enllaç per confirmar-lo; després ja hi podreu entrar amb la vostra contrasenya:

${link}

L'enllaç funciona una sola vegada i durant ${TTL_HOURS} hores.

Si no heu estat vós, no cal que feu res: sense confirmar, el compte no es pot fer servir i s'esborra.

Mesura.cat
`,
  };
}

/** To an address whose account is confirmed: it has one already, and nothing changed. */
export function accountExistsMail(to: string, signInPage: string): Mail {
  return {
    to,
    subject: 'Ja teniu un compte a Mesura.cat',
    text: `Hola:

Algú ha intentat crear un compte a Mesura.cat amb aquesta adreça, però ja teniu un compte. Hi podeu entrar amb la vostra contrasenya:

${signInPage}

El vostre compte no ha canviat. Si no heu estat vós, no cal que feu res.

Mesura.cat
`,
  };
}

const RESET_TTL_MINUTES = PASSWORD_RESET_TTL_MS / 60_000;

/** To the address of a confirmed account whose password someone asked to reset: the link that sets a new one. */
export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Restabliu la contrasenya de Mesura.cat',
    text: `Hola:

Algú ha demanat de restablir la contrasenya del vostre compte de Mesura.cat. Si heu estat vós, obriu aquest enllaç per triar-ne una de nova:

${link}

L'enllaç funciona una sola vegada i durant ${RESET_TTL_MINUTES} minuts. En canviar la contrasenya, se us tancarà la sessió a tots els dispositius.

Si no heu estat vós, no cal que feu res: la vostra contrasenya no ha canviat.

Mesura.cat
`,
  };
}
