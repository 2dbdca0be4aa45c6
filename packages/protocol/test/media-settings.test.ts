import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_SETTINGS, formatMediaSettings, mediaSettingsFileName, mediaSettingsUrl, parseMediaSettings } from '@mesura/protocol';

describe('media settings file (spec §7 "Video settings", wire-formats §2)', () => {
  it.each([
    ['ABC@Org', 'abc-org.xml'],
    ['org-1', 'org-1.xml'],
    ['A B C', 'a-b c.xml'],
  ])('names the file of %j %j: lower case, first non-alphanumeric turned into -', (publisher, file) => {
    expect(mediaSettingsFileName(publisher)).toBe(file);
  });

  it('builds the URL with the cache-busting r', () => {
    expect(mediaSettingsUrl('hb.example.cat', true, 'ABC@Org', 1767225600000)).toBe('https://hb.example.cat/settings/abc-org.xml?r=1767225600000');
  });

  it('reads the five settings', () => {
    const xml = `<?xml version="1.0"?>
<settings>
  <!-- per publisher -->
  <trackingInterval>5</trackingInterval>
  <setupCheckInterval> 60 </setupCheckInterval>
  <trackExternalErrors>0</trackExternalErrors>
  <trackingDisabled type="flag">true</trackingDisabled>
  <nielsenEnabled>1</nielsenEnabled>
</settings>`;
    expect(parseMediaSettings(xml)).toEqual({
      trackingIntervalS: 5,
      setupCheckIntervalS: 60,
      trackExternalErrors: false,
      trackingDisabled: true,
      nielsenEnabled: true,
    });
  });

  it.each(['', 'not xml at all', '<settings><trackingInterval>-3</trackingInterval><trackingDisabled>maybe</trackingDisabled>', '<trackingInterval><x/></trackingInterval>'])(
    'keeps the defaults of what is missing or unreadable in %j',
    (xml) => {
      expect(parseMediaSettings(xml)).toEqual(DEFAULT_MEDIA_SETTINGS);
    },
  );

  it('writes a file it reads back', () => {
    const settings = { ...DEFAULT_MEDIA_SETTINGS, trackingIntervalS: 15, trackingDisabled: true };
    expect(parseMediaSettings(formatMediaSettings(settings))).toEqual(settings);
  });
});
