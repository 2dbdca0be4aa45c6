/**
 * Where a confirmation link mailed to a visitor lands, and what it found: the server's redirect
 * (server/src/visitors, server/src/engagement) and the site's page that reads it agree on these.
 * - `confirmat`: the address is confirmed now;
 * - `enllac-caducat`: the link confirms nothing (used already, expired, or not one of ours).
 */
import { sitePaths } from './paths.js';

export const CONFIRMATION_OUTCOMES = ['confirmat', 'enllac-caducat'] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];

/** The query parameter of each landing page that carries the outcome. */
export const ACCOUNT_CONFIRMATION_PARAM = 'compte';
export const NEWSLETTER_CONFIRMATION_PARAM = 'estat';
/** The sign-in page's "go back to" parameter, carried from the sign-up through the mailed link. */
export const RETURN_PATH_PARAM = 'torna';

export const confirmationLandings = {
  /** The sign-in page, where a confirmed visitor signs in and then goes back to `returnPath` (checked by the page). */
  account: (outcome: ConfirmationOutcome, returnPath?: string) =>
    `${sitePaths.login()}?${ACCOUNT_CONFIRMATION_PARAM}=${outcome}${returnPath === undefined ? '' : `&${RETURN_PATH_PARAM}=${encodeURIComponent(returnPath)}`}`,
  newsletter: (outcome: ConfirmationOutcome) => `${sitePaths.newsletter()}?${NEWSLETTER_CONFIRMATION_PARAM}=${outcome}`,
} as const;

/** A landing page's outcome from its query value; undefined for none or anything else. */
export function confirmationOutcome(value: string | null): ConfirmationOutcome | undefined {
  return CONFIRMATION_OUTCOMES.find((outcome) => outcome === value);
}
