import { AUTOMATIC_HIT_PURPOSES, PURPOSE_STORE_ACCESS, VENDOR_IDS } from '@mesura/consent';
import type { HitType, TcfSignal } from '@mesura/protocol';
import type { DecodedTcString } from './tcf-decoder.js';

/**
 * The consent summary stored with every hit and heartbeat (docs/export-schema.md):
 * - `granted`: the visitor's TC string gives the purposes and the vendor the row needs;
 * - `not-applicable`: the signal says the GDPR does not apply to the visitor (`gdpr=0`);
 * - `unknown`: no signal at all (the commercial libraries send none), stored under the `verify` policy.
 */
export type ConsentSummary = 'granted' | 'unknown' | 'not-applicable';

/**
 * Why a row was not stored, as the refusal counts name it:
 * - `consent-purpose`: a purpose the row needs has no consent;
 * - `consent-vendor`: the purposes do, Mesura's vendor for the row does not;
 * - `consent-invalid`: the TC string holds no choice (malformed, not v2, expired, another vendor list);
 * - `consent-missing`: `gdpr=1` without a TC string, or no signal at all under the `strict` policy.
 */
export type ConsentRefusal = 'consent-purpose' | 'consent-vendor' | 'consent-invalid' | 'consent-missing';

/** MESURA_CONSENT_POLICY: what a row without any signal gets. */
export type ConsentPolicy = 'verify' | 'strict';
export const CONSENT_POLICIES: readonly ConsentPolicy[] = ['verify', 'strict'];

export type ConsentVerdict = { stored: true; consent: ConsentSummary } | { stored: false; reason: ConsentRefusal };

/** The TCF vendor and purposes a kind of row needs. */
export interface ConsentNeed {
  vendorId: number;
  purposes: readonly number[];
}

/**
 * What every vendor needs before anything of the visitor is read or stored: purpose 1, the
 * analytics cookie. The SDK asks for the same (`vendorPurposes` of its TCF consent source).
 */
const VENDOR_PURPOSES: readonly number[] = [PURPOSE_STORE_ACCESS];

/**
 * The same rules the SDK applies before it sends (packages/tags' site property, packages/sdk):
 * page views are automatic hits (web-analytics, purposes 1 and 8), and so is a page's engagement,
 * which measures the page view it follows; links need web-analytics and purpose 1; the media start
 * hits and heartbeats need video-analytics and purpose 1.
 */
export const HIT_CONSENT_NEEDS: Readonly<Record<HitType, ConsentNeed>> = {
  page_view: { vendorId: VENDOR_IDS['web-analytics'], purposes: AUTOMATIC_HIT_PURPOSES },
  link_o: { vendorId: VENDOR_IDS['web-analytics'], purposes: VENDOR_PURPOSES },
  link_d: { vendorId: VENDOR_IDS['web-analytics'], purposes: VENDOR_PURPOSES },
  link_e: { vendorId: VENDOR_IDS['web-analytics'], purposes: VENDOR_PURPOSES },
  media_start: { vendorId: VENDOR_IDS['video-analytics'], purposes: VENDOR_PURPOSES },
  ad_start: { vendorId: VENDOR_IDS['video-analytics'], purposes: VENDOR_PURPOSES },
  page_engagement: { vendorId: VENDOR_IDS['web-analytics'], purposes: AUTOMATIC_HIT_PURPOSES },
};
export const HEARTBEAT_CONSENT_NEED: ConsentNeed = { vendorId: VENDOR_IDS['video-analytics'], purposes: VENDOR_PURPOSES };
/**
 * A personalisation decision (delivery request) needs the personalisation vendor and purpose 1:
 * it reads and gives the device and session ids the client keeps in cookies, and records an
 * impression under the device id. The head snippet asks the same before it lets the client ask.
 */
export const DELIVERY_CONSENT_NEED: ConsentNeed = { vendorId: VENDOR_IDS.personalisation, purposes: VENDOR_PURPOSES };

/** Whether a row with this signal may be stored, and its summary; `decode` reads a TC string. */
export function checkConsent(signal: TcfSignal | undefined, need: ConsentNeed, policy: ConsentPolicy, decode: (tcString: string) => DecodedTcString): ConsentVerdict {
  if (signal === undefined) return policy === 'strict' ? refused('consent-missing') : { stored: true, consent: 'unknown' };
  if (!signal.gdprApplies) return { stored: true, consent: 'not-applicable' };
  if (signal.tcString === undefined) return refused('consent-missing');
  const choice = decode(signal.tcString);
  if (!choice.ok) return refused('consent-invalid');
  if (!need.purposes.every((purpose) => choice.purposes.has(purpose))) return refused('consent-purpose');
  if (!choice.vendors.has(need.vendorId)) return refused('consent-vendor');
  return { stored: true, consent: 'granted' };
}

function refused(reason: ConsentRefusal): ConsentVerdict {
  return { stored: false, reason };
}
