/**
 * The visitor's consent in the page: loaded from the stored TC string, changed by the banner, read
 * by the tag rules' consent conditions (§4, §5). Pure: the cookie, the clock and the log are
 * parameters, so the browser adapter and the tests pass their own.
 */
import type { GVL } from '@iabtcf/core';
import type { Choice } from './choices.js';
import { DEFAULT_CONSENT_CONFIG, resolveVendorId, type ConsentConfig } from './consent-config.js';
import { decodeStored, encodeChoice } from './tc-string.js';
import { createVendorList } from './vendor-list.js';

/**
 * The privacy status of §4: "unknown, then opt-in (reporting begins) or opt-out".
 * - `unknown`: no valid choice stored or made; nothing may be measured.
 * - `opted-in`: the reporting vendor (`web-analytics`) has consent, so reporting begins.
 * - `opted-out`: a choice without that vendor's consent; the measurement session ends.
 */
export type PrivacyStatus = 'unknown' | 'opted-in' | 'opted-out';

/** What subscribers hear; both trigger the analytics and audience-measurement rules (§4). */
export type ConsentEvent =
  /** A valid stored choice was loaded when the state was created. */
  | { type: 'ready' }
  /** The visitor made or changed a choice (`decide`). */
  | { type: 'changed' };

export type ConsentListener = (event: ConsentEvent) => void;

export interface ConsentStateOptions {
  /** The vendor list shown to the visitor. Default `createVendorList()` (the shipped one). */
  gvl?: GVL;
  /** The stored TC string (the `euconsent-v2` cookie), `undefined` when there is none. */
  read(): string | undefined;
  /** Stores a new TC string (the adapter sets CONSENT_COOKIE_MAX_AGE_S on the cookie). */
  write(tcString: string): void;
  /** Epoch ms now. */
  now(): number;
  /** Debug lines: why a stored choice was ignored, a listener that threw. Default: dropped. */
  log?(line: string): void;
  /** Default DEFAULT_CONSENT_CONFIG. */
  config?: ConsentConfig;
}

/**
 * Structurally the `ConsentSource` of packages/tags (hasVendorConsent, automaticHitsDisabled), so
 * the rules runtime can read it without either package importing the other.
 */
export interface ConsentState {
  status(): PrivacyStatus;
  /** The choice in force, as the stored string holds it; `undefined` while there is none. */
  choice(): Choice | undefined;
  /** The TC string in force, for the CMP API; `undefined` while there is none. */
  tcString(): string | undefined;
  /** Whether the vendor, by rule name (`'web-analytics'`) or TCF id, is in the vendor consent list (§5). */
  hasVendorConsent(vendor: string | number): boolean;
  /** Whether the TCF purpose has consent. */
  hasPurposeConsent(purpose: number): boolean;
  /**
   * Whether automatic hits (page views nobody asked for explicitly) are off (§5). Our reading of
   * the spec: they are off until a choice gives consent to every purpose in
   * `config.automaticHitPurposes`, by default purposes 1 (store/access on the device: the analytics
   * cookie) and 8 (measure content performance). Legitimate interest does not count: purpose 1 can
   * never rest on it, and an automatic hit writes that cookie.
   */
  automaticHitsDisabled(): boolean;
  /** Stores the visitor's choice, takes effect at once (a withdrawal included) and emits `changed`. Returns the TC string. */
  decide(choice: Choice): string;
  /**
   * Adds a listener; returns its removal. As `__tcfapi('addEventListener')` answers at once, a
   * listener added after a valid stored choice was loaded hears `ready` immediately.
   */
  subscribe(listener: ConsentListener): () => void;
}

interface InForce {
  choice: Choice;
  tcString: string;
}

export function createConsentState(options: ConsentStateOptions): ConsentState {
  const config = options.config ?? DEFAULT_CONSENT_CONFIG;
  const gvl = options.gvl ?? createVendorList(undefined, config.consentLanguage);
  const log = options.log ?? (() => {});
  const listeners = new Set<ConsentListener>();
  let inForce = loadStored(options, gvl, config, log);
  const readyAtStart = inForce !== undefined;

  const emit = (event: ConsentEvent): void => {
    for (const listener of [...listeners]) notify(listener, event, log);
  };
  const hasVendorConsent = (vendor: string | number): boolean => {
    const id = resolveVendorId(vendor, config.vendorIds);
    return id !== undefined && (inForce?.choice.vendors.includes(id) ?? false);
  };
  const hasPurposeConsent = (purpose: number): boolean => inForce?.choice.purposes.includes(purpose) ?? false;

  return {
    status: () => (inForce === undefined ? 'unknown' : hasVendorConsent(config.reportingVendor) ? 'opted-in' : 'opted-out'),
    choice: () => inForce?.choice,
    tcString: () => inForce?.tcString,
    hasVendorConsent,
    hasPurposeConsent,
    automaticHitsDisabled: () => inForce === undefined || !config.automaticHitPurposes.every((purpose) => hasPurposeConsent(purpose)),
    decide(choice) {
      const next = encodeAndRead(choice, gvl, config, options.now());
      options.write(next.tcString);
      inForce = next;
      emit({ type: 'changed' });
      return next.tcString;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (readyAtStart) notify(listener, { type: 'ready' }, log);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The stored choice, if valid. A refused one is "no choice", logged unless there was simply none. */
function loadStored(options: ConsentStateOptions, gvl: GVL, config: ConsentConfig, log: (line: string) => void): InForce | undefined {
  const stored = options.read();
  const result = decodeStored(stored, { gvl, now: options.now(), maxAgeSeconds: config.maxAgeSeconds });
  if (result.ok) return { choice: result.choice, tcString: stored ?? '' };
  if (result.reason !== 'empty: no stored choice') {
    log(`consent: stored choice ignored, ${result.reason}${result.detail === undefined ? '' : ` (${result.detail})`}`);
  }
  return undefined;
}

/**
 * The choice as its string holds it, by decoding what was just encoded: the encoder drops signals
 * the vendor list does not allow (an unknown vendor, a legitimate interest a vendor never
 * declared), and the state must answer what vendors will read.
 */
function encodeAndRead(choice: Choice, gvl: GVL, config: ConsentConfig, now: number): InForce {
  const tcString = encodeChoice(choice, { gvl, now, config });
  const result = decodeStored(tcString, { gvl, now, maxAgeSeconds: config.maxAgeSeconds });
  if (!result.ok) throw new Error(`Encoded a TC string that does not decode (${result.reason}): check the vendor list and config.`);
  return { choice: result.choice, tcString };
}

function notify(listener: ConsentListener, event: ConsentEvent, log: (line: string) => void): void {
  try {
    listener(event);
  } catch (error) {
    // One faulty rule must not keep the others from hearing about consent.
    log(`consent: a ${event.type} listener threw: ${error instanceof Error ? error.message : String(error)}`);
  }
}
