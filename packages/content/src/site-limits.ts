/**
 * Limits the server and the site's pages share, named once for both. The forms state the APIs'
 * limits (`maxLength`, `minLength`), so that a visitor meets them while typing rather than in a
 * refusal: the server's visitor accounts (server/src/visitors), console accounts
 * (server/src/auth), newsletter and TV pairing (server/src/engagement) check the same constants.
 */

/** Longest e-mail address: RFC 5321's limit on a forward path. */
export const MAX_EMAIL_CHARS = 254;
/** Longest name a visitor account shows. */
export const MAX_DISPLAY_NAME_CHARS = 80;
/** Shortest password of a visitor or console account. */
export const MIN_PASSWORD_CHARS = 12;
/** Digits of the code a TV shows for pairing. */
export const TV_PAIRING_CODE_DIGITS = 6;
/**
 * Longest privacy contact (MESURA_PRIVACY_CONTACT, server/src/rights/privacy-contact.ts) the cookie
 * settings show: an address or a short phrase, never a paragraph.
 */
export const PRIVACY_CONTACT_MAX_CHARS = 200;
