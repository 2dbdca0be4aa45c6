/**
 * The sizes an activity definition may have. Each bounds what one definition costs the decision
 * path (every request walks the audiences) and what one offer costs a visitor's page; a definition
 * over any of them is refused whole, with the limit named in the reason.
 */
import { MAX_ACTIVITY_ID_CHARS, MBOX_NAME_MAX_CHARS } from '@mesura/protocol';

/** Activities stored at once: with the limits below, what bounds one decision's audience evaluation. */
export const MAX_ACTIVITIES = 1000;
/** Activity, experience and offer ids: they travel in click tokens and URLs. */
export const MAX_ID_CHARS = MAX_ACTIVITY_ID_CHARS;
/** Names of activities, experiences and offers, as the console shows them. */
export const MAX_NAME_CHARS = 200;
/** The spec's mbox name limit (tracking-spec §5). */
export const MAX_MBOX_CHARS = MBOX_NAME_MAX_CHARS;
export const MAX_MBOXES_PER_ACTIVITY = 50;
export const MAX_EXPERIENCES_PER_ACTIVITY = 20;
export const MAX_ACTIONS_PER_OFFER = 50;
/** A CSS selector of an action or a click goal. */
export const MAX_SELECTOR_CHARS = 500;
/** An HTML or text content, an offer's `html`, an offer's `json` (as JSON text), in UTF-8 bytes. */
export const MAX_OFFER_CONTENT_BYTES = 64 * 1024;
/** Entries of a setAttribute or setStyle content. */
export const MAX_ACTION_ENTRIES = 30;
/** A setAttribute or setStyle name, and its value. */
export const MAX_ACTION_NAME_CHARS = 100;
export const MAX_ACTION_VALUE_CHARS = 2000;
/** A redirect's URL (the delivery GET's own limit, wire-formats §3). */
export const MAX_URL_CHARS = 2048;
/** An audience's path prefix and path pattern. */
export const MAX_AUDIENCE_PATH_CONDITION_CHARS = 500;
/** Entries of an audience's query or params condition. */
export const MAX_AUDIENCE_ENTRIES = 20;
/** A query or mbox parameter name, and the value it must have. */
export const MAX_AUDIENCE_NAME_CHARS = 100;
export const MAX_AUDIENCE_VALUE_CHARS = 500;
/** A page-view goal's path, an event goal's name. */
export const MAX_GOAL_CHARS = 500;
/** An activity's priority: a plain ranking number. */
export const MAX_PRIORITY_ABS = 1_000_000;
/** Whole-number fields (reshuffle, rearrange indexes). */
export const MAX_SMALL_INTEGER = 1_000_000;
