/**
 * Tells Mesura who the signed-in visitor is (spec §3 "Customer IDs", authState 1 authenticated, 2
 * logged out): `window.mesura.setCustomerIds`, which the SDK keeps for the tab and sends with the
 * personalisation requests and the media start heartbeats, never with page views. The site's
 * customer id is the visitor's public id, the data layer's idUsuari; it has no big-data id.
 */
import { AUTH_STATE_AUTHENTICATED, type AUTH_STATE_LOGGED_OUT } from '@mesura/protocol';
import { signedInVisitorId } from './visitor-session';

/** The §3 auth states the site declares. */
type DeclaredAuthState = typeof AUTH_STATE_AUTHENTICATED | typeof AUTH_STATE_LOGGED_OUT;

/** The data layer's name for the site's customer id (§3 "User": idUsuari). */
const USER_ID_CODE = 'idUsuari';

/** Declares `visitorId` in `authState`; a page without the Mesura snippet declares nothing. */
export function declareCustomerId(visitorId: string, authState: DeclaredAuthState): void {
  window.mesura?.setCustomerIds?.({ [USER_ID_CODE]: { id: visitorId, authState } });
}

/**
 * At every page load of a signed-in visitor: their ids, so that a new tab's first personalisation
 * request, which waits for them (up to 2000 ms), carries them. Signed-out visitors declare nothing:
 * the ids declared at logout stay with the tab.
 */
export function declareSignedInVisitor(cookies: string): void {
  const id = signedInVisitorId(cookies);
  if (id !== undefined) declareCustomerId(id, AUTH_STATE_AUTHENTICATED);
}
