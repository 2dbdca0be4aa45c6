import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_SETTINGS, parseMediaSettings } from '@mesura/protocol';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let t: TestServer | undefined;

afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

const OVERRIDES = JSON.stringify({ 'CCMA@Org': { trackingDisabled: true, trackingInterval: 5, setupCheckInterval: 60 } });

describe('GET {trackingServer}/settings/{publisher}.xml (spec §7 "Video settings")', () => {
  it.each(['/hb/settings/org-1.xml', '/settings/org-1.xml'])('answers %s with the default settings as XML', async (url) => {
    t = await startTestServer();
    const response = await t.server.app.inject({ url: `${url}?r=1767225600000` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml');
    expect(response.body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<settings>',
        '  <trackingInterval>10</trackingInterval>',
        '  <setupCheckInterval>180</setupCheckInterval>',
        '  <trackExternalErrors>1</trackExternalErrors>',
        '  <trackingDisabled>0</trackingDisabled>',
        '  <nielsenEnabled>0</nielsenEnabled>',
        '</settings>',
        '',
      ].join('\n'),
    );
  });

  it('answers a publisher of MESURA_MEDIA_SETTINGS with its overrides and the others with the defaults', async () => {
    t = await startTestServer({ MESURA_MEDIA_SETTINGS: OVERRIDES });
    const ccma = await t.server.app.inject({ url: '/hb/settings/ccma-org.xml?r=1' });
    expect(parseMediaSettings(ccma.body)).toEqual({
      ...DEFAULT_MEDIA_SETTINGS,
      trackingDisabled: true,
      trackingIntervalS: 5,
      setupCheckIntervalS: 60,
    });
    const other = await t.server.app.inject({ url: '/settings/org-1.xml' });
    expect(parseMediaSettings(other.body)).toEqual(DEFAULT_MEDIA_SETTINGS);
  });

  it('echoes an allowed origin, as the collector does', async () => {
    t = await startTestServer();
    const response = await t.server.app.inject({ url: '/hb/settings/org-1.xml', headers: { origin: 'http://localhost:8080' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
  });

  it('answers a name that is not an XML file with 404', async () => {
    t = await startTestServer();
    const response = await t.server.app.inject({ url: '/hb/settings/org-1.json' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('MESURA_ERR_NOT_FOUND');
  });
});

describe('MESURA_MEDIA_SETTINGS', () => {
  const load = (value: string) => () => loadConfig({ MESURA_MEDIA_SETTINGS: value }, '/repo');

  it('maps each publisher to its settings file name', () => {
    const config = loadConfig({ MESURA_MEDIA_SETTINGS: OVERRIDES }, '/repo');
    expect([...config.mediaSettings.keys()]).toEqual(['ccma-org.xml']);
  });

  it.each([
    ['{"a":', `MESURA_MEDIA_SETTINGS must be JSON such as {"ABC@Org": {"trackingDisabled": true}}, got '{"a":'`],
    ['[1]', "MESURA_MEDIA_SETTINGS must be a JSON object of publishers, got '[1]'"],
    ['{"x": true}', "MESURA_MEDIA_SETTINGS: publisher 'x' must map to an object of settings (trackingInterval, setupCheckInterval, trackExternalErrors, trackingDisabled, nielsenEnabled)"],
    ['{"x": {"trackingDisabled": "yes"}}', `MESURA_MEDIA_SETTINGS: publisher 'x': trackingDisabled must be true or false, got "yes"`],
    ['{"x": {"trackingInterval": 0}}', "MESURA_MEDIA_SETTINGS: publisher 'x': trackingInterval must be a positive whole number of seconds, got 0"],
    ['{"x": {"setupCheckInterval": 900}}', "MESURA_MEDIA_SETTINGS: publisher 'x': setupCheckInterval must be a positive whole number of seconds up to 600, got 900"],
    ['{"x": {"paused": true}}', "MESURA_MEDIA_SETTINGS: publisher 'x': unknown setting 'paused'; expected trackingInterval, setupCheckInterval, trackExternalErrors, trackingDisabled, nielsenEnabled"],
    ['{"ABC@Org": {}, "abc-org": {}}', 'MESURA_MEDIA_SETTINGS: two publishers share the settings file abc-org.xml; list it once'],
  ])('refuses %s with one line naming the variable', (value, message) => {
    expect(load(value)).toThrow(message);
    expect(message).not.toContain('\n');
  });
});
