/**
 * getOffer's work (spec §4, §7): the gate, then request-start, the request (with the sanitiser's
 * load beside it), and request-succeeded or request-failed. Held requests (no consent, delivery
 * disabled) send nothing, load nothing and emit nothing: no request was made.
 */
import type { Core } from './core.js';
import type { HeldReason } from './delivery-gate.js';
import { DELIVERY_DISABLED, NOT_OPTED_IN, type ErrorStatus } from './errors.js';
import { PERSONALIZATION_EVENTS as EVENTS } from './events.js';
import { offerActions, responseTokensOf, type OfferAction } from './offer-actions.js';
import { requestOffers } from './request-offers.js';

export type FetchResult = { ok: true; actions: OfferAction[] } | { ok: false; status: ErrorStatus; message: string; held?: HeldReason };

export interface FetchInput {
  mbox: string;
  params: Readonly<Record<string, string>>;
  timeoutMs: number;
}

/** The §8 message of a held request. */
export function heldMessage(reason: HeldReason): string {
  return reason === 'no-consent' ? NOT_OPTED_IN : DELIVERY_DISABLED;
}

/** Runs synchronously up to the request: request-start is dispatched before this returns. */
export async function fetchOffer(core: Core, input: FetchInput): Promise<FetchResult> {
  const held = core.held();
  if (held) return { ok: false, status: 'error', message: heldMessage(held), held };
  const mbox = { mbox: input.mbox };
  // requestOffers renews the session id at once, so request-start reports it; nothing is sent yet.
  const pending = requestOffers(core, input);
  // The sanitiser travels while the server decides, never after the answer (sanitizer-load.ts).
  core.sanitizer.start();
  core.emit(EVENTS.requestStart, mbox);
  const result = await pending;
  if (!result.ok) {
    core.emit(EVENTS.requestFailed, { ...mbox, message: result.message });
    return result;
  }
  const { offers } = result.response;
  core.emit(EVENTS.requestSucceeded, { ...mbox, responseTokens: responseTokensOf(offers) });
  return { ok: true, actions: offerActions(offers) };
}
