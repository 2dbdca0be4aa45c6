/**
 * A small reader of a TC string's core segment, for the code that runs before any choice: the head
 * snippet must decide at once whether to load /mesura.js (web-analytics consent) and hide the body
 * for personalisation, and @iabtcf/core's decoder alone weighs about 9 KB gzip. This reads only the
 * header, the purpose consents and the vendor consents, and refuses for the same reasons as
 * `decodeStored` (stored-choice.ts). It checks fewer fields, so a string the full decoder finds
 * malformed (say, a CMP id of 0) may pass here; the SDK's consent state then holds no choice and
 * gates everything, so the cost is a script load, never a measurement. No dependencies.
 */
import { BASE64URL, refusal, refuseHeader, refuseVersion, type StoredChoiceCheck, type StoredChoiceRefusal } from './stored-choice.js';

/** The consents the head snippet needs from a stored choice. */
export interface PeekedChoice {
  ok: true;
  /** Purposes with consent, ascending. */
  purposes: number[];
  /** Vendors with consent, ascending. */
  vendors: number[];
}

/** Bit lengths of the core segment's fields, in order (TCF v2 "Core String" table). */
const HEADER_BITS = { version: 6, created: 36, lastUpdated: 36 } as const;
/** cmpId, cmpVersion, consentScreen, consentLanguage. */
const CMP_FIELDS_BITS = 12 + 12 + 6 + 12;
const VENDOR_LIST_VERSION_BITS = 12;
/** tcfPolicyVersion, isServiceSpecific, useNonStandardTexts, specialFeatureOptIns. */
const POLICY_FIELDS_BITS = 6 + 1 + 1 + 12;
const PURPOSES_BITS = 24;
/** purposesLITransparency, purposeOneTreatment, publisherCC. */
const BEFORE_VENDORS_BITS = 24 + 1 + 12;
const VENDOR_ID_BITS = 16;
const NUM_ENTRIES_BITS = 12;
const DECISECOND_MS = 100;

/** Reads fixed-width unsigned integers off a bit string; `undefined` past its end. */
function bitReader(bits: string) {
  let position = 0;
  return (length: number): number | undefined => {
    if (position + length > bits.length) return undefined;
    let value = 0;
    // Multiplication rather than shifts: the 36-bit timestamps overflow 32-bit integers.
    for (let i = position; i < position + length; i++) value = value * 2 + (bits.charCodeAt(i) - 48);
    position += length;
    return value;
  };
}

function bitsOf(segment: string): string | undefined {
  let bits = '';
  for (const char of segment) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) return undefined;
    bits += value.toString(2).padStart(6, '0');
  }
  return bits;
}

/** A vendor section: a bit field up to MaxVendorId, or a list of single ids and ranges. */
function readVendors(read: (length: number) => number | undefined): number[] | undefined {
  const maxVendorId = read(VENDOR_ID_BITS);
  const isRange = read(1);
  if (maxVendorId === undefined || isRange === undefined) return undefined;
  const vendors: number[] = [];
  if (isRange === 0) {
    for (let id = 1; id <= maxVendorId; id++) {
      const bit = read(1);
      if (bit === undefined) return undefined;
      if (bit === 1) vendors.push(id);
    }
    return vendors;
  }
  const entries = read(NUM_ENTRIES_BITS) ?? 0;
  for (let entry = 0; entry < entries; entry++) {
    const isARange = read(1);
    const start = read(VENDOR_ID_BITS);
    const end = isARange === 1 ? read(VENDOR_ID_BITS) : start;
    if (start === undefined || end === undefined || end < start || end > maxVendorId) return undefined;
    for (let id = start; id <= end; id++) vendors.push(id);
  }
  return vendors;
}

/** The purposes whose bit is set in a 24-bit purpose field. */
function setBits(field: number, length: number): number[] {
  const ids: number[] = [];
  for (let id = 1; id <= length; id++) if (Math.floor(field / 2 ** (length - id)) % 2 === 1) ids.push(id);
  return ids;
}

/** The purpose and vendor consents of a stored TC string, or why it holds no choice. */
export function peekStoredChoice(tcString: string | undefined, check: StoredChoiceCheck): PeekedChoice | StoredChoiceRefusal {
  if (tcString === undefined || tcString === '') return refusal('empty: no stored choice');
  const versionReason = refuseVersion(tcString);
  if (versionReason !== undefined) return refusal(versionReason);
  const bits = bitsOf(tcString.split('.')[0] ?? '');
  if (bits === undefined) return refusal('malformed: not a TC string');
  const read = bitReader(bits);
  const version = read(HEADER_BITS.version);
  read(HEADER_BITS.created);
  const lastUpdated = read(HEADER_BITS.lastUpdated);
  read(CMP_FIELDS_BITS);
  const vendorListVersion = read(VENDOR_LIST_VERSION_BITS);
  read(POLICY_FIELDS_BITS);
  const purposeField = read(PURPOSES_BITS);
  read(BEFORE_VENDORS_BITS);
  const vendors = readVendors(read);
  if (version === undefined || lastUpdated === undefined || vendorListVersion === undefined || purposeField === undefined || vendors === undefined) {
    return refusal('malformed: not a TC string');
  }
  const reason = refuseHeader({ version, lastUpdatedMs: lastUpdated * DECISECOND_MS, vendorListVersion }, check);
  if (reason !== undefined) return refusal(reason);
  return { ok: true, purposes: setBits(purposeField, PURPOSES_BITS), vendors };
}
