/** The identity's messages (spec §5, §8). Warnings go to the caller's `warn`, never to the page. */

/**
 * §5 "Customer IDs need non-empty string integration code and value, otherwise rejected with a
 * warning". Followed by `: '{integration code}'` so the page author finds the entry.
 */
export const CUSTOMER_ID_REFUSED = 'Customer ID refused: give a non-empty string integration code and a non-empty string id';
