/**
 * Reads a heartbeat query back into a Heartbeat (the encoder's half is heartbeat-params.ts), for
 * the collector and for tests, by the table of heartbeat-fields.ts. Keys the heartbeat does not define (`s:aam:blob`, `s:user:aid`, …
 * which the commercial library also sends) are ignored; a key sent twice, a long that is not a
 * whole number (or is under its field's least value, or past Number.MAX_SAFE_INTEGER), a text value over its limit
 * (stored-text-limits.ts) and the five keys without which a heartbeat cannot be placed in a
 * session are refused with their reason.
 *
 * Refusals keep one order, so that a heartbeat with several faults always gets the same reason:
 * the text of the query, a key sent twice, the fields in table order, the customer ids, the
 * metadata, the consent signal.
 */
import { setDataMember } from './data-member.js';
import { decoded, rejected, type Result } from './result.js';
import { duplicateHeartbeatKey, tooManyHeartbeatMetaEntries } from './heartbeat-errors.js';
import type { HeartbeatFieldGroup } from './heartbeat-fields.js';
import { authStateOf, type AuthState } from './auth-state.js';
import type { Heartbeat } from './heartbeat.js';
import { CUSTOMER_ID_KEY_PREFIX, META_KEY_PREFIX } from './heartbeat-params.js';
import { FIELD_PLACES, FIELD_RULES, readField, readLong, readText, Refusal } from './heartbeat-values.js';
import { MAX_HEARTBEAT_META_ENTRIES, storedQueryEntries } from './stored-text-limits.js';
import { GDPR_CONSENT_PARAM, GDPR_PARAM, readTcfSignal } from './tcf-signal.js';

const CUSTOMER_ID_KEY = /^[sl]:cuser:customer_user_ids_(.+)\.(id|authState)$/;
/** What `s:cuser:` and `l:cuser:` keys hold after their type letter. */
const CUSTOMER_ID_FAMILY = ':cuser:';

/** A heartbeat's pairs, sorted in one pass by what reads them. */
interface SentPairs {
  /** Each field's value, at its place in FIELD_RULES. */
  fields: (string | undefined)[];
  /** Every other key, by name: for the customer ids' states and the consent signal. */
  others: Map<string, string>;
  /** The `s:meta:` pairs, in the order sent. */
  meta: [string, string][];
  /** The `s:cuser:` and `l:cuser:` keys, in the order sent. */
  customerIdKeys: string[];
}

type Groups = Partial<Record<HeartbeatFieldGroup, Record<string, unknown>>>;

export function decodeHeartbeatQuery(query: string): Result<Heartbeat> {
  const read = storedQueryEntries(query);
  if (!read.ok) return read;
  try {
    return decoded(readHeartbeat(sortPairs(read.value)));
  } catch (error) {
    if (error instanceof Refusal) return rejected(error.reason);
    throw error;
  }
}

/** Refuses the first key sent twice, field or not. */
function sortPairs(pairs: readonly [string, string][]): SentPairs {
  const sent: SentPairs = {
    fields: new Array<string | undefined>(FIELD_RULES.length).fill(undefined),
    others: new Map(),
    meta: [],
    customerIdKeys: [],
  };
  for (const pair of pairs) {
    const [key, value] = pair;
    const place = FIELD_PLACES.get(key);
    if (place !== undefined) {
      if (sent.fields[place] !== undefined) throw new Refusal(duplicateHeartbeatKey(key));
      sent.fields[place] = value;
      continue;
    }
    if (sent.others.has(key)) throw new Refusal(duplicateHeartbeatKey(key));
    sent.others.set(key, value);
    if (key.startsWith(META_KEY_PREFIX)) sent.meta.push(pair);
    else if (key.startsWith(CUSTOMER_ID_FAMILY, 1)) sent.customerIdKeys.push(key);
  }
  return sent;
}

function readHeartbeat(sent: SentPairs): Heartbeat {
  const groups = readGroups(sent.fields);
  const customerIds = readCustomerIds(sent);
  const meta = readMeta(sent.meta);
  return placeGroups(groups, customerIds, meta, readConsent(sent.others));
}

function readConsent(others: ReadonlyMap<string, string>): Heartbeat['consent'] {
  const gdpr = readText(GDPR_PARAM, others.get(GDPR_PARAM));
  const consent = readTcfSignal(gdpr, readText(GDPR_CONSENT_PARAM, others.get(GDPR_CONSENT_PARAM)));
  if (!consent.ok) throw new Refusal(consent.reason);
  return consent.signal;
}

/** The fields of each group, in table order; an ad's or chapter's group only when its id was sent. */
function readGroups(fields: readonly (string | undefined)[]): Groups {
  const groups: Groups = {};
  const opened: Partial<Record<HeartbeatFieldGroup, boolean>> = {};
  for (let place = 0; place < FIELD_RULES.length; place++) {
    const rule = FIELD_RULES[place]!;
    const { idField } = rule;
    if (idField !== undefined) {
      // Whether the id was sent is read once, at its group's first field: an oversized id is refused there.
      opened[rule.group] ??= readText(FIELD_RULES[idField]!.key, fields[idField]) !== undefined;
      if (!opened[rule.group]) continue;
    }
    const value = readField(rule, fields[place]);
    const group = (groups[rule.group] ??= {});
    if (value !== undefined) group[rule.prop] = value;
  }
  return groups;
}

/**
 * The Heartbeat of its groups, members in the order it has always listed them. An absent member is
 * left out rather than set to undefined, so that a decoded heartbeat equals the one encoded.
 */
function placeGroups(groups: Groups, customerIds: Heartbeat['customerIds'], meta: Heartbeat['meta'], consent: Heartbeat['consent']): Heartbeat {
  const { asset = {}, stream = {} } = groups;
  if (groups.ad !== undefined) asset.ad = groups.ad;
  stream.qos = groups.qos;
  if (groups.chapter !== undefined) stream.chapter = groups.chapter;
  const heartbeat: Record<string, unknown> = { analytics: groups.analytics, ...groups.visitor };
  if (customerIds !== undefined) heartbeat.customerIds = customerIds;
  heartbeat.serviceProvider = groups.serviceProvider;
  heartbeat.event = groups.event;
  heartbeat.asset = asset;
  heartbeat.stream = stream;
  heartbeat.meta = meta;
  if (consent !== undefined) heartbeat.consent = consent;
  return heartbeat as unknown as Heartbeat;
}

function readMeta(pairs: readonly [string, string][]): Record<string, string> {
  const meta: Record<string, string> = {};
  let entries = 0;
  for (const [key, sent] of pairs) {
    const value = readText(key, sent);
    if (value === undefined) continue;
    entries += 1;
    if (entries > MAX_HEARTBEAT_META_ENTRIES) throw new Refusal(tooManyHeartbeatMetaEntries());
    setDataMember(meta, key.slice(META_KEY_PREFIX.length), value);
  }
  return meta;
}

/**
 * `{s,l}:cuser:customer_user_ids_{code}.id` with its `l:…authState`, by code. Each is checked; a
 * code `__proto__` is then left out, as it always was (a plain assignment made it the record's
 * prototype, and the copy of the record kept only its own members).
 */
function readCustomerIds(sent: SentPairs): Heartbeat['customerIds'] {
  let ids: Record<string, { id: string; authState: AuthState }> | undefined;
  for (const key of sent.customerIdKeys) {
    const match = CUSTOMER_ID_KEY.exec(key);
    if (match?.[2] !== 'id' || match[1] === undefined) continue;
    const code = match[1];
    const stateKey = `l:cuser:${CUSTOMER_ID_KEY_PREFIX}${code}.authState`;
    const authState = readLong(stateKey, sent.others.get(stateKey), 0, 0);
    const id = readText(key, sent.others.get(key)) ?? '';
    if (code === '__proto__') continue;
    (ids ??= {})[code] = { id, authState: authStateOf(authState) };
  }
  return ids;
}
