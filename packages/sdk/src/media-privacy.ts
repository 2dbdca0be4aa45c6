/**
 * The media tracker's privacy status (spec §4 "Privacy status: unknown, then opt-in (reporting
 * begins) or opt-out (session ends)") from the page's `__tcfapi`, read as /mesura.js reads it
 * (tcf-consent.ts): unknown until the CMP has answered with the visitor's choice, then opted in
 * while the `video-analytics` vendor has consent and the visitor has not opted out.
 */
import type { PrivacySource, PrivacyStatus } from '@mesura/media';
import type { TcfSignal } from '@mesura/protocol';
import { AUTOMATIC_HIT_PURPOSES, PURPOSE_STORE_ACCESS, VENDOR_IDS } from '@mesura/consent/head';
import { VIDEO_ANALYTICS_VENDOR } from './constants.js';
import { tcfConsent, tcfSignal, type TcfApi } from './tcf-consent.js';

export interface MediaPrivacyOptions {
  tcfapi: TcfApi;
  /** The identity's opt-out (§9 7200 s), which withdraws every vendor. */
  isOptedOut: () => boolean;
}

export function tcfMediaPrivacy(options: MediaPrivacyOptions): PrivacySource {
  const listeners = new Set<() => void>();
  let signalled = false;
  // The CMP's latest choice, as every heartbeat carries it to the collector.
  let latest: TcfSignal | undefined;
  const consent = tcfConsent({
    tcfapi: options.tcfapi,
    vendorIds: VENDOR_IDS,
    vendorPurposes: [PURPOSE_STORE_ACCESS],
    automaticHitPurposes: AUTOMATIC_HIT_PURPOSES,
    onSignal(_kind, data) {
      signalled = true;
      latest = tcfSignal(data);
      for (const listener of [...listeners]) listener();
    },
  });
  const status = (): PrivacyStatus => {
    if (!signalled) return 'unknown';
    return consent.hasVendorConsent(VIDEO_ANALYTICS_VENDOR) && !options.isOptedOut() ? 'opted-in' : 'opted-out';
  };
  return {
    status,
    signal: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
