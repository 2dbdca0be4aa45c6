/** What the replay serves and writes the same way every run, whatever the machine. */
import { DEFAULT_MEDIA_SETTINGS, formatMediaSettings, type ClientTime } from '@mesura/protocol';

/** The settings file served when the scenario gives none. */
export const DEFAULT_SETTINGS_XML = /* @__PURE__ */ formatMediaSettings(DEFAULT_MEDIA_SETTINGS);

/** `t` in UTC, whatever the machine's time zone. */
export function utcClientTime(epochMs: number): ClientTime {
  const date = new Date(epochMs);
  return {
    day: date.getUTCDate(),
    month0: date.getUTCMonth(),
    year: date.getUTCFullYear(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    weekday: date.getUTCDay(),
    tzOffsetMin: 0,
  };
}
