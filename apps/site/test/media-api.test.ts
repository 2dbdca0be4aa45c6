// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MEDIA_READY_EVENT } from '../src/measurement/constants';
import { mediaNamespace, whenMediaApi } from '../src/player/media-api';

const page = window as unknown as Record<string, unknown>;
const API = { trackHtml5Player: () => undefined };

afterEach(() => {
  delete page.mesuraMedia;
  delete page.reproductor;
  delete page.mesuraConfig;
});

describe('whenMediaApi', () => {
  it('gives the API at once when /mesura-media.js ran first', async () => {
    page.mesuraMedia = API;
    expect(await whenMediaApi()).toBe(API);
  });

  it('waits for the ready event otherwise, under the configured namespace', async () => {
    page.mesuraConfig = { mediaNamespace: 'reproductor' };
    const api = whenMediaApi();
    page.reproductor = API;
    window.dispatchEvent(new CustomEvent(MEDIA_READY_EVENT, { detail: { namespace: 'reproductor' } }));
    expect(await api).toBe(API);
  });

  it('reads the namespace as the bootstrap does', () => {
    expect(mediaNamespace(undefined)).toBe('mesuraMedia');
    expect(mediaNamespace({ mediaNamespace: ' ' })).toBe('mesuraMedia');
    expect(mediaNamespace({ mediaNamespace: 'reproductor' })).toBe('reproductor');
  });
});
