/**
 * Consent on a delivery request, as the collector checks it on a beacon (ingest/consent-check.ts,
 * the same rules and MESURA_CONSENT_POLICY): the TCF signal travels as two of the request's page
 * parameters (`gdpr`, `gdpr_consent`; wire-formats §3 passes any other parameter as a plain key).
 * A request its signal refuses is answered without a decision, ids or anything recorded
 * (delivery.ts). The client asks only with consent (packages/personalize delivery-gate.ts), so
 * this holds back stale pages, forged requests and tags that ignore the visitor's choice.
 */
import { GDPR_CONSENT_PARAM, GDPR_PARAM, readTcfSignal } from '@mesura/protocol';
import { DELIVERY_CONSENT_NEED, checkConsent, type ConsentPolicy, type ConsentRefusal } from '../ingest/consent-check.js';
import { createTcfDecoder } from '../ingest/tcf-decoder.js';

/** Undefined when the request may be decided, the refusal's reason when not; or the one-line reason the signal is malformed. */
export type DeliveryConsentCheck = (params: Readonly<Record<string, string>>, atMs: number) => { ok: true; refused: ConsentRefusal | undefined } | { ok: false; reason: string };

export function createDeliveryConsentCheck(policy: ConsentPolicy): DeliveryConsentCheck {
  const decode = createTcfDecoder();
  return (params, atMs) => {
    // An empty parameter is an absent one, as on beacons.
    const read = readTcfSignal(params[GDPR_PARAM] || undefined, params[GDPR_CONSENT_PARAM] || undefined);
    if (!read.ok) return read;
    const verdict = checkConsent(read.signal, DELIVERY_CONSENT_NEED, policy, (tcString) => decode(tcString, atMs));
    return { ok: true, refused: verdict.stored ? undefined : verdict.reason };
  };
}
