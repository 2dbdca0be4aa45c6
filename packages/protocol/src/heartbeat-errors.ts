/**
 * Why a heartbeat query was refused (heartbeat-decoder.ts). One line each, lower case, no trailing
 * period, naming the key, as the beacon reasons of errors.ts are written.
 */
import { quote } from './errors.js';
import { HEARTBEAT_ASSET_TYPES, HEARTBEAT_EVENT_TYPES } from './heartbeat-fields.js';
import { MAX_HEARTBEAT_META_ENTRIES, MAX_HEARTBEAT_VALUE_CHARS } from './stored-text-limits.js';

export const missingHeartbeatKey = (key: string): string => `missing heartbeat key ${key}`;
export const duplicateHeartbeatKey = (key: string): string => `duplicate heartbeat key ${key}`;
export const malformedHeartbeatLong = (key: string, value: string): string => `malformed ${key} ${quote(value)}: expected a whole number`;
export const malformedHeartbeatBoolean = (key: string, value: string): string => `malformed ${key} ${quote(value)}: expected 1 or 0`;
/** A value outside a key's closed set (heartbeat-fields.ts `oneOf`). */
export const unknownHeartbeatValue = (key: string, value: string, values: readonly string[]): string =>
  `unknown ${key} ${quote(value)}: expected ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
export const unknownHeartbeatEventType = (value: string): string => unknownHeartbeatValue('s:event:type', value, HEARTBEAT_EVENT_TYPES);
export const unknownHeartbeatAssetType = (value: string): string => unknownHeartbeatValue('s:asset:type', value, HEARTBEAT_ASSET_TYPES);
export const unsafeHeartbeatLong = (key: string, value: string): string => `malformed ${key} ${quote(value)}: past the largest safe integer`;
export const negativeHeartbeatLong = (key: string, value: string, min: number): string => `malformed ${key} ${quote(value)}: expected at least ${min}`;
export const oversizedHeartbeatValue = (key: string, length: number): string => `${key} has ${length} characters: at most ${MAX_HEARTBEAT_VALUE_CHARS}`;
export const tooManyHeartbeatMetaEntries = (): string => `too many s:meta entries in heartbeat: at most ${MAX_HEARTBEAT_META_ENTRIES}`;
