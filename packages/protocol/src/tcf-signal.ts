/**
 * The visitor's IAB TCF signal as beacons and heartbeats carry it: `gdpr=1&gdpr_consent={TC string}`
 * when the consent manager applies, `gdpr=0` when the GDPR does not apply (the IAB convention for
 * URLs). The SDK writes it on every hit and heartbeat so that the collector can check consent again;
 * the commercial libraries send none, and "no signal" is a case of its own at the collector.
 */

/** `gdpr`: 1 when the GDPR applies to the visitor, 0 when not. */
export const GDPR_PARAM = 'gdpr';
/** `gdpr_consent`: the TC string, when the GDPR applies. */
export const GDPR_CONSENT_PARAM = 'gdpr_consent';
/**
 * A TC string with its core, disclosed-vendors and publisher segments for our four vendors is
 * under 200 characters; one that lists the whole IAB vendor list twice by bit field (consents and
 * disclosed vendors) stays under 1,000. The bound keeps a forged one from making the collector
 * decode, or cache, a blob.
 */
export const MAX_TC_STRING_CHARS = 2048;

/** What a hit or heartbeat says about consent; absent when it carries no signal at all. */
export interface TcfSignal {
  /** `gdpr=1` (or a `gdpr_consent` without `gdpr`): the TC string decides. `gdpr=0`: nothing to consent to. */
  gdprApplies: boolean;
  /** `gdpr_consent`, when sent and non-empty. */
  tcString?: string;
}

/**
 * The two parameters of a signal, in wire order; a value is undefined where it is not sent (no
 * signal; no TC string, or the GDPR not applying). Both encoders leave undefined values out.
 */
export function tcfSignalParams(signal: TcfSignal | undefined): [string, string | undefined][] {
  return [
    [GDPR_PARAM, signal && (signal.gdprApplies ? '1' : '0')],
    [GDPR_CONSENT_PARAM, signal?.gdprApplies ? signal.tcString : undefined],
  ];
}

/**
 * The signal of the two raw parameter values (undefined when absent or empty), or why they are
 * not one. Only 0 and 1 are values of `gdpr`.
 */
export function readTcfSignal(gdpr: string | undefined, tcString: string | undefined): { ok: true; signal: TcfSignal | undefined } | { ok: false; reason: string } {
  if (tcString !== undefined && tcString.length > MAX_TC_STRING_CHARS) {
    return { ok: false, reason: `oversized ${GDPR_CONSENT_PARAM}: ${tcString.length} characters, at most ${MAX_TC_STRING_CHARS}` };
  }
  if (gdpr === undefined) return { ok: true, signal: tcString === undefined ? undefined : { gdprApplies: true, tcString } };
  if (gdpr !== '0' && gdpr !== '1') return { ok: false, reason: `malformed ${GDPR_PARAM}: expected 0 or 1` };
  if (gdpr === '0') return { ok: true, signal: { gdprApplies: false } };
  return { ok: true, signal: tcString === undefined ? { gdprApplies: true } : { gdprApplies: true, tcString } };
}
