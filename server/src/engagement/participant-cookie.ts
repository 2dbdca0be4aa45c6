/**
 * The participant cookie: a random first-party id that makes a poll one answer per browser. It
 * holds nothing about the visitor and is set only when the visitor answers (a function they asked
 * for), so it needs no analytics consent; it is not the collector's visitor id.
 */
import { randomBytes } from 'node:crypto';
import { PARTICIPANT_COOKIE_MAX_AGE_S } from './engagement-limits.js';

export const PARTICIPANT_COOKIE_NAME = 'mesura_participant';
const ID_BYTES = 16;
const ID_FORMAT = /^[A-Za-z0-9_-]{22}$/;

export function participantIdFrom(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PARTICIPANT_COOKIE_NAME) {
      const id = value.join('=');
      return ID_FORMAT.test(id) ? id : undefined;
    }
  }
  return undefined;
}

export function newParticipantId(): string {
  return randomBytes(ID_BYTES).toString('base64url');
}

/**
 * Where the browser sends it: the participation API the app calls, and the pages to which a poll
 * is posted without JavaScript (poll-form-posts.ts: the articles' and the daily game's, `/joc/`), so
 * that one answer per browser holds there too. Nowhere else: the site's other pages never see it.
 */
export const PARTICIPANT_COOKIE_PATHS = ['/api/engagement/', '/noticia/', '/joc/'] as const;

/** The cookie's Set-Cookie values, one per path of PARTICIPANT_COOKIE_PATHS, all with the same id. */
export function participantCookies(id: string, secure: boolean): string[] {
  return PARTICIPANT_COOKIE_PATHS.map((path) => `${PARTICIPANT_COOKIE_NAME}=${id}; Path=${path}; Max-Age=${PARTICIPANT_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}
