/**
 * The media tracker's privacy status (spec §4 "Privacy status: unknown, then opt-in (reporting
 * begins) or opt-out (session ends)") from the page's `__tcfapi`, read as /mesura.js reads it
 * (tcf-consent.ts): unknown until the CMP has answered with the visitor's choice, then opted in
 * while the `video-analytics` vendor has consent and the visitor has not opted out.
 *
 * §4 "Reporting starts only when the measurement library is ready and begin-reporting was
 * signalled": the CMP's first answer signals it, unless the page did first (`beginReporting()`,
 * which the media API exports). It is signalled once per page: a second `beginReporting()` changes
 * nothing and is logged as §8's "reporting already started".
 */
import type { PrivacySource, PrivacyStatus } from '@mesura/media';
import type { TcfSignal } from '@mesura/protocol';
import { REPORTING_ALREADY_STARTED } from '@mesura/media/messages';
import { AUTOMATIC_HIT_PURPOSES, PURPOSE_STORE_ACCESS, VENDOR_IDS } from '@mesura/consent/head';
import { VIDEO_ANALYTICS_VENDOR } from './constants.js';
import { tcfConsent, tcfSignal, type TcfApi } from './tcf-consent.js';

export interface MediaPrivacyOptions {
  tcfapi: TcfApi;
  /** The identity's opt-out (§9 7200 s), which withdraws every vendor. */
  isOptedOut: () => boolean;
  /** One line per refusal (a second begin-reporting). Default none. */
  log?: (message: string) => void;
}

export interface MediaPrivacy extends PrivacySource {
  /** Signals begin-reporting (§4); a second signal is logged as REPORTING_ALREADY_STARTED (§8). */
  beginReporting(): void;
}

export function tcfMediaPrivacy(options: MediaPrivacyOptions): MediaPrivacy {
  const listeners = new Set<() => void>();
  let signalled = false;
  let begun = false;
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  // The CMP's latest choice, as every heartbeat carries it to the collector.
  let latest: TcfSignal | undefined;
  const consent = tcfConsent({
    tcfapi: options.tcfapi,
    vendorIds: VENDOR_IDS,
    vendorPurposes: [PURPOSE_STORE_ACCESS],
    automaticHitPurposes: AUTOMATIC_HIT_PURPOSES,
    onSignal(_kind, data) {
      signalled = true;
      begun = true;
      latest = tcfSignal(data);
      tell();
    },
  });
  const status = (): PrivacyStatus => {
    if (!signalled || !begun) return 'unknown';
    return consent.hasVendorConsent(VIDEO_ANALYTICS_VENDOR) && !options.isOptedOut() ? 'opted-in' : 'opted-out';
  };
  return {
    status,
    beginReporting() {
      if (begun) return options.log?.(REPORTING_ALREADY_STARTED);
      begun = true;
      tell();
    },
    signal: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
