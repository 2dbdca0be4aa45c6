/**
 * The `events` parameter: a comma list of `eventN` (counted once), `eventN=value` (counted by a
 * number) or `eventN:serial` (counted once per serial, ever). Entries are trimmed and empty ones
 * skipped, because tags that build the list by concatenation (`events + ',event5'`) leave stray
 * commas and spaces that the commercial collector tolerates. Everything else is refused.
 */
import type { BeaconEvent } from './analytics-hit.js';
import { boundedPattern } from './bounded-pattern.js';
import { MAX_EVENT_NUMBER, MAX_EVENT_SERIAL_CHARS, MIN_EVENT_NUMBER } from './constants.js';
import { decoded, rejected, type Result } from './result.js';
import { duplicateEvent, eventWithValueAndSerial, malformedEvent, unknownEvent } from './errors.js';

const ENTRY_SEPARATOR = ',';
/** `event` + digits, then nothing, `=value` or `:serial`. */
const ENTRY = /^event(\d+)(?:([=:])(.*))?$/s;
const WITHOUT_LEADING_ZERO = /^(?:0|[1-9]\d*)$/;
/** What `String(n)` writes for a finite number: `3`, `-2.5`, `1e+21`, `5e-7`. */
const NUMERIC_VALUE = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const SERIAL = /* @__PURE__ */ boundedPattern('[A-Za-z0-9_-]', MAX_EVENT_SERIAL_CHARS);

export function parseEvents(list: string): Result<BeaconEvent[]> {
  const events: BeaconEvent[] = [];
  const seen = new Set<number>();
  for (const rawEntry of list.split(ENTRY_SEPARATOR)) {
    const entry = rawEntry.trim();
    if (entry === '') continue;
    const parsed = parseEntry(entry);
    if (!parsed.ok) return parsed;
    if (seen.has(parsed.value.id)) return rejected(duplicateEvent(entry));
    seen.add(parsed.value.id);
    events.push(parsed.value);
  }
  return decoded(events);
}

function parseEntry(entry: string): Result<BeaconEvent> {
  const match = ENTRY.exec(entry);
  const digits = match?.[1];
  if (!match || digits === undefined || !WITHOUT_LEADING_ZERO.test(digits)) {
    return rejected(malformedEvent(entry));
  }
  const id = Number(digits);
  if (id < MIN_EVENT_NUMBER || id > MAX_EVENT_NUMBER) return rejected(unknownEvent(entry));

  const [, , separator, rest = ''] = match;
  if (separator === undefined) return decoded({ id });
  if (separator === ':') {
    return SERIAL.test(rest) ? decoded({ id, serial: rest }) : rejected(malformedEvent(entry));
  }
  const value = Number(rest);
  if (!NUMERIC_VALUE.test(rest) || !Number.isFinite(value)) return rejected(malformedEvent(entry));
  return decoded({ id, value });
}

/** The wire form of `events`. Throws when one event has both a value and a serial. */
export function formatEvents(events: readonly BeaconEvent[]): string {
  return events.map(formatEntry).join(ENTRY_SEPARATOR);
}

function formatEntry(event: BeaconEvent): string {
  if (event.serial !== undefined && event.value !== undefined) {
    throw new Error(eventWithValueAndSerial(event.id));
  }
  if (event.serial !== undefined) return `event${event.id}:${event.serial}`;
  if (event.value !== undefined) return `event${event.id}=${String(event.value)}`;
  return `event${event.id}`;
}
