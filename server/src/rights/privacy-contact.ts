/**
 * MESURA_PRIVACY_CONTACT: whom visitors write to for a copy of their data or its erasure (an
 * address, or a short phrase such as the data-protection officer's office). The site's cookie
 * settings show it beside the visitor's id; unset, they name the data-protection officer.
 */
import { PRIVACY_CONTACT_MAX_CHARS } from '@mesura/content';

export function parsePrivacyContact(value: string | undefined): string | undefined {
  const contact = value?.trim();
  if (!contact) return undefined;
  // Control characters would reach the page; a paragraph does not fit the settings layer.
  if (contact.length > PRIVACY_CONTACT_MAX_CHARS || /[\u0000-\u001f\u007f]/.test(contact)) {
    throw new Error(`MESURA_PRIVACY_CONTACT must be an address or a phrase of at most ${PRIVACY_CONTACT_MAX_CHARS} characters on one line`);
  }
  return contact;
}
