/**
 * The media settings file (spec §7 "Video settings", wire-formats §2): `GET {trackingServer}/settings/
 * {publisher file name}.xml?r={ts}`, an XML document of five flat elements. The tracker reads it at
 * each session start and every setup-check interval; the server (server/src/settings/media-settings-routes.ts) writes it.
 *
 * Why no XML library: the document is five flat elements with a number or a flag each, and a
 * parser (or DOMParser, missing in workers and Node) would cost the browser bundle more than the
 * whole file. The reader takes the first `<name>value</name>` of each element, wherever it sits,
 * ignores everything else (declaration, comments, unknown elements), and keeps the default of an
 * element that is missing or unreadable, so that a damaged file never stops tracking.
 */

export interface MediaSettings {
  /** `trackingInterval`: seconds between periodic main-content heartbeats. */
  trackingIntervalS: number;
  /** `setupCheckInterval`: seconds between two reads of this file during a session. */
  setupCheckIntervalS: number;
  /** `trackExternalErrors`. */
  trackExternalErrors: boolean;
  /** `trackingDisabled`: §4 "Remote disabling of tracking ends the session and blocks new ones". */
  trackingDisabled: boolean;
  /** `nielsenEnabled`. */
  nielsenEnabled: boolean;
}

/** §9 "reporting interval default 10 s", "check-status interval default 180 s". */
export const DEFAULT_MEDIA_SETTINGS: Readonly<MediaSettings> = /* @__PURE__ */ Object.freeze({
  trackingIntervalS: 10,
  setupCheckIntervalS: 180,
  trackExternalErrors: true,
  trackingDisabled: false,
  nielsenEnabled: false,
});

/** Element name of each setting, in the order the file lists them. */
const ELEMENTS: Readonly<Record<keyof MediaSettings, string>> = {
  trackingIntervalS: 'trackingInterval',
  setupCheckIntervalS: 'setupCheckInterval',
  trackExternalErrors: 'trackExternalErrors',
  trackingDisabled: 'trackingDisabled',
  nielsenEnabled: 'nielsenEnabled',
};

const SETTINGS_DIRECTORY = '/settings/';
const SETTINGS_EXTENSION = '.xml';
const FIRST_NON_ALPHANUMERIC = /[^a-z0-9]/;
const TRUE_VALUES = ['1', 'true', 'yes'];
const FALSE_VALUES = ['0', 'false', 'no'];

/** The file name of a publisher: lower-cased, its first non-alphanumeric character turned into '-'. */
export function mediaSettingsFileName(publisher: string): string {
  return `${publisher.toLowerCase().replace(FIRST_NON_ALPHANUMERIC, '-')}${SETTINGS_EXTENSION}`;
}

/** `{scheme}://{trackingServer}/settings/{file}?r={nowMs}`; `r` keeps caches from answering. */
export function mediaSettingsUrl(trackingServer: string, ssl: boolean, publisher: string, nowMs: number): string {
  const scheme = ssl ? 'https' : 'http';
  return `${scheme}://${trackingServer}${SETTINGS_DIRECTORY}${mediaSettingsFileName(publisher)}?r=${nowMs}`;
}

/** Reads the five settings; whatever is missing or unreadable keeps its default. Never throws. */
export function parseMediaSettings(xml: string): MediaSettings {
  const settings: MediaSettings = { ...DEFAULT_MEDIA_SETTINGS };
  const numberOf = (key: 'trackingIntervalS' | 'setupCheckIntervalS') => {
    const value = Number(elementText(xml, ELEMENTS[key]));
    if (Number.isFinite(value) && value > 0) settings[key] = value;
  };
  const flagOf = (key: 'trackExternalErrors' | 'trackingDisabled' | 'nielsenEnabled') => {
    const text = elementText(xml, ELEMENTS[key])?.toLowerCase();
    if (text !== undefined && TRUE_VALUES.includes(text)) settings[key] = true;
    if (text !== undefined && FALSE_VALUES.includes(text)) settings[key] = false;
  };
  numberOf('trackingIntervalS');
  numberOf('setupCheckIntervalS');
  flagOf('trackExternalErrors');
  flagOf('trackingDisabled');
  flagOf('nielsenEnabled');
  return settings;
}

/** The file the server answers with (flags written 1/0). */
export function formatMediaSettings(settings: MediaSettings): string {
  const lines = (Object.keys(ELEMENTS) as (keyof MediaSettings)[]).map((key) => {
    const value = settings[key];
    const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    return `  <${ELEMENTS[key]}>${text}</${ELEMENTS[key]}>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<settings>', ...lines, '</settings>', ''].join('\n');
}

/** The trimmed text of the first `<name>…</name>` (attributes allowed, no child elements), or undefined. */
function elementText(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1]?.trim();
}
