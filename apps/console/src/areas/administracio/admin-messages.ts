/**
 * The admin area's refusals in Catalan. The server words its rules in English ("password must
 * have at least 12 characters"); the numbers in them stay the server's, never repeated here.
 */
import type { ApiFailure } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';

/** The field of the new-user form a refusal is about, so that focus can go there. */
export type NewUserField = 'email' | 'password' | 'role';

export interface FieldProblem {
  field: NewUserField | undefined;
  message: string;
}

const EMAIL_FORMAT_REASON = /email must be/;
const EMAIL_TAKEN_REASON = /exists already/;
const PASSWORD_MIN_REASON = /password must have at least (\d+) characters/;
const PASSWORD_MAX_REASON = /password must have at most (\d+) characters/;
const ROLE_REASON = /role must be/;
const LAST_ADMIN_REASON = /last admin/;

function rejected400(failure: ApiFailure): string | undefined {
  return failure.reason === 'rejected' && failure.status === 400 ? failure.message : undefined;
}

/** Why POST /api/users refused, and which field to fix. */
export function userCreationProblem(failure: ApiFailure): FieldProblem {
  const prefix = "No s'ha pogut crear l'usuari.";
  const reason = rejected400(failure) ?? '';
  if (EMAIL_TAKEN_REASON.test(reason)) return { field: 'email', message: `${prefix} Ja hi ha un usuari amb aquesta adreça electrònica.` };
  if (EMAIL_FORMAT_REASON.test(reason)) return { field: 'email', message: `${prefix} L'adreça electrònica no és vàlida (per exemple, anna@example.cat).` };
  const min = PASSWORD_MIN_REASON.exec(reason)?.[1];
  if (min !== undefined) return { field: 'password', message: `${prefix} La contrasenya inicial ha de tenir almenys ${min} caràcters.` };
  const max = PASSWORD_MAX_REASON.exec(reason)?.[1];
  if (max !== undefined) return { field: 'password', message: `${prefix} La contrasenya inicial pot tenir com a màxim ${max} caràcters.` };
  if (ROLE_REASON.test(reason)) return { field: 'role', message: `${prefix} Trieu un dels rols de la llista.` };
  return { field: undefined, message: `${prefix} ${apiFailureMessage(failure)}` };
}

export function roleChangeFailureMessage(email: string, failure: ApiFailure): string {
  const prefix = `No s'ha pogut canviar el rol de l'usuari ${email}.`;
  if (LAST_ADMIN_REASON.test(rejected400(failure) ?? '')) {
    return `${prefix} És l'únic administrador: feu administrador algú altre abans de treure-li aquest rol.`;
  }
  if (failure.reason === 'rejected' && failure.status === 404) return `${prefix} Aquest usuari ja no existeix.`;
  return `${prefix} ${apiFailureMessage(failure)}`;
}

export function userDeletionFailureMessage(email: string, failure: ApiFailure): string {
  const prefix = `No s'ha pogut esborrar ${email}.`;
  if (LAST_ADMIN_REASON.test(rejected400(failure) ?? '')) {
    return `${prefix} És l'únic administrador: feu administrador algú altre abans d'esborrar-lo.`;
  }
  if (failure.reason === 'rejected' && failure.status === 404) return `${prefix} Aquest usuari ja no existeix.`;
  return `${prefix} ${apiFailureMessage(failure)}`;
}

export const MISSING_EMAIL_MESSAGE = "Escriviu l'adreça electrònica del nou usuari.";
export const MISSING_PASSWORD_MESSAGE = 'Escriviu una contrasenya inicial i doneu-la al nou usuari per un canal segur.';
export const BAD_VISITOR_ID_MESSAGE =
  "L'identificador de visitant té el format XXXXXXXXXXXXXXXX-XXXXXXXXXXXXXXXX: 16 xifres hexadecimals, un guionet i 16 més (el visitant el troba a la configuració de galetes del web).";
