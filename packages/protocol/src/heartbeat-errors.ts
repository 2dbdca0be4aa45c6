/**
 * Why a heartbeat query was refused (heartbeat-decoder.ts). One line each, lower case, no trailing
 * period, naming the key, as the beacon reasons of errors.ts are written.
 */
import { quote } from './errors.js';
import { MAX_HEARTBEAT_META_ENTRIES, MAX_HEARTBEAT_VALUE_CHARS } from './stored-text-limits.js';

export const missingHeartbeatKey = (key: string): string => `missing heartbeat key ${key}`;
export const duplicateHeartbeatKey = (key: string): string => `duplicate heartbeat key ${key}`;
export const malformedHeartbeatLong = (key: string, value: string): string =>
  `malformed ${key} ${quote(value)}: expected a whole number`;
export const malformedHeartbeatBoolean = (key: string, value: string): string =>
  `malformed ${key} ${quote(value)}: expected 1 or 0`;
export const unknownHeartbeatEventType = (value: string): string =>
  `unknown s:event:type ${quote(value)}: expected start, aa_start, play, pause, buffer, bitrate_change, ` +
  'error, chapter_start, chapter_complete, aa_ad_start, complete, end or resume';
export const unknownHeartbeatAssetType = (value: string): string =>
  `unknown s:asset:type ${quote(value)}: expected main or ad`;
export const unsafeHeartbeatLong = (key: string, value: string): string =>
  `malformed ${key} ${quote(value)}: past the largest safe integer`;
export const negativeHeartbeatLong = (key: string, value: string, min: number): string =>
  `malformed ${key} ${quote(value)}: expected at least ${min}`;
export const oversizedHeartbeatValue = (key: string, length: number): string =>
  `${key} has ${length} characters: at most ${MAX_HEARTBEAT_VALUE_CHARS}`;
export const tooManyHeartbeatMetaEntries = (): string => `too many s:meta entries in heartbeat: at most ${MAX_HEARTBEAT_META_ENTRIES}`;
