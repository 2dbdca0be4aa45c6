/**
 * The visitor's choice to and from a TCF v2 TC string, with @iabtcf/core. This is the large part of
 * the package (about 9 KB gzip for decoding alone): the code that runs before any choice uses
 * core-peek.ts instead.
 */
import { Segment, TCModel, TCString, type GVL, type Vector } from '@iabtcf/core';
import type { Choice } from './choices.js';
import { DEFAULT_CONSENT_CONFIG, type ConsentConfig } from './consent-config.js';
import { refusal, refuseHeader, refuseVersion, type StoredChoiceCheck, type StoredChoiceRefusal } from './stored-choice.js';

/**
 * The segments written, in the order of the TCF 2.3 specification: Core.DisclosedVendors.PublisherTC.
 * TCF 2.3 makes DisclosedVendors mandatory in every string from 2026-02-28, but @iabtcf/core 1.5.6
 * predates it: for a service-specific string its default is Core.PublisherTC. It does encode the
 * segment when asked, listing every vendor of the GVL as disclosed, which is what our banner shows.
 */
const SEGMENTS: Segment[] = [Segment.CORE, Segment.VENDORS_DISCLOSED, Segment.PUBLISHER_TC];

const MS_PER_DAY = 86_400_000;

export interface EncodeOptions {
  /** The vendor list the visitor was shown (`createVendorList()`); gives the string its version and language. */
  gvl: GVL;
  /** Epoch ms of the choice. */
  now: number;
  /** Defaults to DEFAULT_CONSENT_CONFIG. */
  config?: ConsentConfig;
}

/**
 * The TC string of a choice. Created and LastUpdated are both the UTC day of `now`, as TCF 2.2
 * requires (no time of day, so the string cannot date a visit to the second).
 */
export function encodeChoice(choice: Choice, options: EncodeOptions): string {
  const config = options.config ?? DEFAULT_CONSENT_CONFIG;
  const model = new TCModel(options.gvl);
  model.cmpId = config.cmpId;
  model.cmpVersion = config.cmpVersion;
  model.consentScreen = config.consentScreen;
  model.publisherCountryCode = config.publisherCountryCode;
  // Our vendor list and choices are this site's alone, not shared with other sites' CMPs.
  model.isServiceSpecific = true;
  model.purposeConsents.set(choice.purposes);
  model.purposeLegitimateInterests.set(choice.legitimateInterests);
  model.specialFeatureOptins.set(choice.specialFeatures);
  model.vendorConsents.set(choice.vendors);
  model.vendorLegitimateInterests.set(choice.vendorLegitimateInterests);
  const day = new Date(options.now - (options.now % MS_PER_DAY));
  model.created = day;
  model.lastUpdated = day;
  return TCString.encode(model, { segments: SEGMENTS });
}

/** A stored TC string that holds a choice. */
export interface StoredChoice {
  ok: true;
  choice: Choice;
  /** The whole decoded string, e.g. for its `vendorsDisclosed` or `cmpId`. */
  tcModel: TCModel;
}

/**
 * The choice a stored TC string holds, or why it holds none. Any CMP's valid v2 string is a choice;
 * anything that does not decode is "no choice", never consent.
 */
export function decodeStored(tcString: string | undefined, options: StoredChoiceCheck): StoredChoice | StoredChoiceRefusal {
  if (tcString === undefined || tcString === '') return refusal('empty: no stored choice');
  const versionReason = refuseVersion(tcString);
  if (versionReason !== undefined) return refusal(versionReason);
  let tcModel: TCModel;
  try {
    tcModel = TCString.decode(tcString);
  } catch (error) {
    return refusal('malformed: not a TC string', error instanceof Error ? error.message : String(error));
  }
  const header = {
    version: Number(tcModel.version),
    lastUpdatedMs: tcModel.lastUpdated instanceof Date ? tcModel.lastUpdated.getTime() : Number.NaN,
    vendorListVersion: Number(tcModel.vendorListVersion),
  };
  const reason = refuseHeader(header, options);
  if (reason !== undefined) return refusal(reason);
  return { ok: true, choice: choiceOf(tcModel), tcModel };
}

function choiceOf(tcModel: TCModel): Choice {
  return {
    purposes: idsOf(tcModel.purposeConsents),
    legitimateInterests: idsOf(tcModel.purposeLegitimateInterests),
    specialFeatures: idsOf(tcModel.specialFeatureOptins),
    vendors: idsOf(tcModel.vendorConsents),
    vendorLegitimateInterests: idsOf(tcModel.vendorLegitimateInterests),
  };
}

/** The ids set in a vector, ascending (Vector.forEach walks 1..maxId). */
export function idsOf(vector: Vector): number[] {
  const ids: number[] = [];
  vector.forEach((isSet, id) => {
    if (isSet) ids.push(id);
  });
  return ids;
}
