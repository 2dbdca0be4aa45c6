/** The limits of `POST /api/consent/choices`, each with its unit in its name. */

/**
 * Choices per second from one client address (IPv6: its /64), and the burst allowed at once. A
 * browser answers once and then keeps its choice for months, so even a town behind one carrier
 * address stays far below; a script filling the counts from one machine does not.
 */
export const CONSENT_CHOICES_PER_ADDRESS_PER_S = 50;
export const CONSENT_CHOICES_BURST = 500;
/** Client addresses whose rate is remembered at once (least recently seen forgotten first). */
export const MAX_TRACKED_CONSENT_CHOICE_ADDRESSES = 10_000;
/** Largest body accepted: `{"choice":"reject-all"}` is 23 bytes. */
export const CONSENT_CHOICE_MAX_BODY_BYTES = 256;
