import { DEFAULT_MEDIA_SETTINGS, mediaSettingsFileName, type MediaSettings } from '@mesura/protocol';

const VARIABLE = 'MESURA_MEDIA_SETTINGS';
/** §9 "check-status interval … cap 600 s": the tracker would cap a larger one anyway. */
const MAX_SETUP_CHECK_INTERVAL_S = 600;

/** The settings file's element names (spec §7 "Video settings"), as the variable spells them too. */
const NUMBERS = { trackingInterval: 'trackingIntervalS', setupCheckInterval: 'setupCheckIntervalS' } as const;
const FLAGS = ['trackExternalErrors', 'trackingDisabled', 'nielsenEnabled'] as const;
const NAMES = [...Object.keys(NUMBERS), ...FLAGS].join(', ');

/** Settings by file name (`abc-org.xml`); publishers not listed get DEFAULT_MEDIA_SETTINGS. */
export type MediaSettingsByFile = ReadonlyMap<string, MediaSettings>;

/**
 * Reads MESURA_MEDIA_SETTINGS: `{ "ABC@Org": { "trackingDisabled": true, … } }`, a JSON object of
 * publishers (as the player names them; the file name is derived) with any of the five settings,
 * the others keeping their defaults. Throws a one-line Error naming the variable.
 */
export function parseMediaSettingsConfig(value: string | undefined): MediaSettingsByFile {
  const byFile = new Map<string, MediaSettings>();
  if (value === undefined || value.trim() === '') return byFile;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`${VARIABLE} must be JSON such as {"ABC@Org": {"trackingDisabled": true}}, got '${value}'`);
  }
  if (!isObject(parsed)) throw new Error(`${VARIABLE} must be a JSON object of publishers, got '${value}'`);
  for (const [publisher, overrides] of Object.entries(parsed)) {
    if (publisher === '') throw new Error(`${VARIABLE}: a publisher name cannot be empty`);
    const file = mediaSettingsFileName(publisher);
    if (byFile.has(file)) throw new Error(`${VARIABLE}: two publishers share the settings file ${file}; list it once`);
    byFile.set(file, settingsOf(publisher, overrides));
  }
  return byFile;
}

function settingsOf(publisher: string, overrides: unknown): MediaSettings {
  const where = `${VARIABLE}: publisher '${publisher}'`;
  if (!isObject(overrides)) throw new Error(`${where} must map to an object of settings (${NAMES})`);
  const settings: MediaSettings = { ...DEFAULT_MEDIA_SETTINGS };
  for (const [name, setting] of Object.entries(overrides)) {
    if (name in NUMBERS) {
      const max = name === 'setupCheckInterval' ? MAX_SETUP_CHECK_INTERVAL_S : Number.MAX_SAFE_INTEGER;
      if (!Number.isInteger(setting) || (setting as number) <= 0 || (setting as number) > max) {
        const bound = max === MAX_SETUP_CHECK_INTERVAL_S ? ` up to ${max}` : '';
        throw new Error(`${where}: ${name} must be a positive whole number of seconds${bound}, got ${JSON.stringify(setting)}`);
      }
      settings[NUMBERS[name as keyof typeof NUMBERS]] = setting as number;
    } else if ((FLAGS as readonly string[]).includes(name)) {
      if (typeof setting !== 'boolean') throw new Error(`${where}: ${name} must be true or false, got ${JSON.stringify(setting)}`);
      settings[name as (typeof FLAGS)[number]] = setting;
    } else {
      throw new Error(`${where}: unknown setting '${name}'; expected ${NAMES}`);
    }
  }
  return settings;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
