import { describe, expect, it } from 'vitest';
import { clientTimeFromDate, encodeBeaconQuery } from '@mesura/protocol';
import { LIBRARY_VERSION } from '../src/index.js';
import { NOW, VISITOR_ID, makeAnalytics } from './helpers/analytics.js';

const CONTEXT_DATA = { 'a.media.name': 'clip-1', 'a.media.view': 'true', 'a.contentType': 'vod' };

describe('mediaStart (wire-formats §2 start hits)', () => {
  it('sends pe=ms_s with only the visitor, the time and the media context data, no page or browser facts', () => {
    const { analytics, sent, last } = makeAnalytics();
    analytics.mediaStart({ media: { kind: 'ms_s', mediaType: 'video' }, contextData: CONTEXT_DATA });
    const beacon = last();
    expect(beacon.hitType).toBe('media_start');
    expect(beacon.address).toMatchObject({ reportSuites: ['mesuradev'], libraryVersion: LIBRARY_VERSION });
    // Byte for byte what the heartbeat library's start hit carries (no pageName, g, r, s, bw…).
    expect(sent[0]?.query).toBe(
      encodeBeaconQuery(
        {
          eventId: beacon.hit.eventId,
          clientTime: clientTimeFromDate(NOW),
          visitor: { fid: VISITOR_ID },
          events: [],
          props: {},
          eVars: {},
          hierarchies: {},
          lists: {},
          contextData: CONTEXT_DATA,
          media: { kind: 'ms_s', mediaType: 'video' },
          browser: {},
        },
        'media_start',
      ),
    );
  });

  it('sends pe=msa_s under the library version the media tracker names', () => {
    const { analytics, last } = makeAnalytics();
    analytics.mediaStart({ media: { kind: 'msa_s', mediaType: 'videoAd' }, contextData: {}, libraryVersion: 'MESURA-MEDIA-0.1.0' });
    expect(last().hitType).toBe('ad_start');
    expect(last().address.libraryVersion).toBe('MESURA-MEDIA-0.1.0');
  });

  it('leaves the pending click for the next page view: a player start is no click', () => {
    const { analytics, last } = makeAnalytics();
    analytics.rememberClick({ link: 'Vídeo', region: 'portada' });
    analytics.mediaStart({ media: { kind: 'ms_s', mediaType: 'video' }, contextData: CONTEXT_DATA });
    expect(Object.keys(last().hit.contextData).some((key) => key.startsWith('a.activitymap'))).toBe(false);
    analytics.pageView({ pageName: 'ccma:video', url: 'https://www.ccma.cat/video/1/', variables: {}, events: ['pageView'] });
    expect(Object.keys(last().hit.contextData).some((key) => key.startsWith('a.activitymap'))).toBe(true);
  });

  it('returns what the transport answered, so that the media tracker can log a failed send', () => {
    const { analytics } = makeAnalytics({ transport: { send: () => false } });
    expect(analytics.mediaStart({ media: { kind: 'ms_s', mediaType: 'audio' }, contextData: {} })).toBe(false);
  });
});
