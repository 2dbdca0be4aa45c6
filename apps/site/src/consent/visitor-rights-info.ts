/**
 * What the cookie settings tell visitors about their own data: the visitor id this browser keeps
 * (the identity package's first-party cookie, the id every hit carries) and whom to write to for
 * a copy or an erasure. The contact is the server's `MESURA_PRIVACY_CONTACT`, passed in
 * `window.mesuraConfig.privacyContact`; without it the text names the data-protection officer.
 */
import { PRIVACY_CONTACT_MAX_CHARS } from '@mesura/content';
import { storedVisitorId, type CookieJar } from '@mesura/identity';
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export type PrivacyContact = { kind: 'email'; address: string } | { kind: 'text'; text: string } | { kind: 'default' };

export interface VisitorRightsInfo {
  /** Undefined while this browser has no visitor id (nothing measured under one yet). */
  visitorId: string | undefined;
  contact: PrivacyContact;
}

export function readVisitorRightsInfo(jar: CookieJar, config: Record<string, unknown> | undefined): VisitorRightsInfo {
  return { visitorId: storedVisitorId(jar), contact: privacyContactOf(config?.privacyContact) };
}

export function privacyContactOf(value: unknown): PrivacyContact {
  if (typeof value !== 'string') return { kind: 'default' };
  const contact = value.trim();
  if (contact === '' || contact.length > PRIVACY_CONTACT_MAX_CHARS) return { kind: 'default' };
  return EMAIL.test(contact) ? { kind: 'email', address: contact } : { kind: 'text', text: contact };
}
