import { isRecord } from '../../api/api-answer';
import { isRole, roleLabel } from '../../session/roles';

/** One entry of the account audit (GET /api/accounts/audit). */
export interface AccountAuditEntry {
  /** ISO 8601 instant. */
  at: string;
  action: string;
  /** Null for the server itself or an unknown e-mail's failed sign-in; `email` null once the user is deleted. */
  actor: { id: string; email: string | null } | null;
  /** The user id, token id or typed e-mail the entry is about. */
  subject: string | null;
  /** The subject user's e-mail or token's name, while it exists. */
  subjectName: string | null;
}

export interface AccountAuditPage {
  entries: AccountAuditEntry[];
  /** The `before` of the next (older) page; null on the last one. */
  next: string | null;
}

const ACTION_LABELS: Record<string, string> = {
  login: 'Ha entrat',
  'login-failed': 'Intent fallit d’entrar',
  logout: 'Ha sortit',
  'password-changed': 'Ha canviat la seva contrasenya',
  'user-created': 'Ha creat un usuari',
  'user-deleted': 'Ha esborrat un usuari',
  'user-password-set': 'Ha posat una contrasenya nova a un usuari',
  'token-created': 'Ha creat una clau API',
  'token-revoked': 'Ha revocat una clau API',
};
const ROLE_CHANGE_PREFIX = 'user-role-';

/** The action in Catalan; an action this console does not know yet is shown as the server names it. */
export function auditActionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known !== undefined) return known;
  const role = action.startsWith(ROLE_CHANGE_PREFIX) ? action.slice(ROLE_CHANGE_PREFIX.length) : undefined;
  return isRole(role) ? `Ha canviat el rol a ${roleLabel(role)}` : action;
}

function textOrNull(value: unknown): string | null | undefined {
  return value === null || typeof value === 'string' ? value : undefined;
}

function parseActor(value: unknown): AccountAuditEntry['actor'] | undefined {
  if (value === null) return null;
  if (!isRecord(value) || typeof value.id !== 'string') return undefined;
  const email = textOrNull(value.email);
  return email === undefined ? undefined : { id: value.id, email };
}

function parseEntry(value: unknown): AccountAuditEntry | undefined {
  if (!isRecord(value) || typeof value.at !== 'string' || typeof value.action !== 'string') return undefined;
  const actor = parseActor(value.actor);
  const subject = textOrNull(value.subject);
  const subjectName = textOrNull(value.subjectName);
  if (actor === undefined || subject === undefined || subjectName === undefined) return undefined;
  return { at: value.at, action: value.action, actor, subject, subjectName };
}

/** The body of GET /api/accounts/audit, or undefined when it is not one. */
export function parseAccountAuditPage(body: unknown): AccountAuditPage | undefined {
  if (!isRecord(body) || !Array.isArray(body.entries)) return undefined;
  const next = textOrNull(body.next);
  const entries = body.entries.map(parseEntry);
  if (next === undefined || !entries.every((entry) => entry !== undefined)) return undefined;
  return { entries: entries as AccountAuditEntry[], next };
}
