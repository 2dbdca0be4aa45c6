import { describe, expect, it } from 'vitest';
import { HEARTBEAT_API_LEVEL, HEARTBEAT_LIBRARY_VERSION, decodeHeartbeatQuery, encodeHeartbeatQuery, heartbeatReasons, heartbeatUrl, type Heartbeat } from '@mesura/protocol';

function makeHeartbeat(overrides: Partial<Heartbeat['event']> = {}): Heartbeat {
  return {
    analytics: { reportSuite: 'rsid', trackingServer: 'metrics.example.cat', ssl: true },
    visitorId: 'V-1',
    serviceProvider: { ovp: 'ovp', sdk: '1.0', channel: 'tv3', playerName: 'html5', libraryVersion: HEARTBEAT_LIBRARY_VERSION, apiLevel: HEARTBEAT_API_LEVEL },
    event: { sessionId: '1767225600000123456789', type: 'play', duration: 10_000, playhead: 42.9, ts: 1_767_225_610_000, prevTs: 1_767_225_600_000, ...overrides },
    asset: { type: 'main', name: 'Vídeo & co', videoId: 'vid-1', publisher: 'org-1', length: 600 },
    stream: { type: 'vod', qos: { bitrate: 2_500_000.7, fps: 25, droppedFrames: 0, startupTimeMs: 1400 } },
    meta: { 'a.media.show': 'TN' },
  };
}

describe('heartbeat parameters (wire-formats §2)', () => {
  it('writes typed keys in group order: s: strings, l: longs floored, h: 1/0', () => {
    expect(encodeHeartbeatQuery(makeHeartbeat())).toBe(
      [
        's:sc:rsid=rsid',
        's:sc:tracking_server=metrics.example.cat',
        'h:sc:ssl=1',
        's:user:mid=V-1',
        's:sp:ovp=ovp',
        's:sp:sdk=1.0',
        's:sp:channel=tv3',
        's:sp:player_name=html5',
        's:sp:hb_version=2.2.1',
        'l:sp:hb_api_lvl=4',
        's:event:sid=1767225600000123456789',
        's:event:type=play',
        'l:event:duration=10000',
        'l:event:playhead=42',
        'l:event:ts=1767225610000',
        'l:event:prev_ts=1767225600000',
        's:asset:type=main',
        's:asset:name=V%C3%ADdeo%20%26%20co',
        's:asset:video_id=vid-1',
        's:asset:publisher=org-1',
        'l:asset:length=600',
        's:stream:type=vod',
        'l:stream:bitrate=2500000',
        'l:stream:fps=25',
        'l:stream:dropped_frames=0',
        'l:stream:startup_time=1400',
        's:meta:a.media.show=TN',
      ].join('&'),
    );
  });

  it('builds the GET URL on the tracking server', () => {
    expect(heartbeatUrl('hb.example.cat', false, makeHeartbeat()).startsWith('http://hb.example.cat/?s:sc:rsid=rsid&')).toBe(true);
  });

  it('writes a long that is not finite as 0 and leaves out empty strings', () => {
    const heartbeat = makeHeartbeat({ playhead: Number.NaN });
    heartbeat.serviceProvider.ovp = '';
    const query = encodeHeartbeatQuery(heartbeat);
    expect(query).toContain('&l:event:playhead=0&');
    expect(query).not.toContain('s:sp:ovp');
  });

  it('reads a stall as the commercial library sends it, which wire §2 leaves out of its event list (RULES.md rule 23)', () => {
    const stall =
      's:event:sid=1795707050000570738421&s:event:type=stall&l:event:duration=3003&l:event:playhead=0&l:event:ts=1795707057517&l:event:prev_ts=-1&s:asset:type=main&s:asset:video_id=vir-5151';
    const decoded = decodeHeartbeatQuery(stall);
    expect(decoded.ok && decoded.value.event).toEqual({ sessionId: '1795707050000570738421', type: 'stall', duration: 3003, playhead: 0, ts: 1795707057517, prevTs: -1 });
    expect(encodeHeartbeatQuery(makeHeartbeat({ type: 'stall' }))).toContain('&s:event:type=stall&');
  });

  it('reads back what it writes, ad, chapter and customer ids included', () => {
    const heartbeat = makeHeartbeat({ type: 'error', playhead: 0, errorId: 'E1', errorSource: 'sourceErrorSDK' });
    heartbeat.asset.type = 'ad';
    heartbeat.asset.ad = { id: 'ad-1', name: 'Ad', sid: 's-1', podId: 'abc_1', podName: 'pre', podPosition: 1, podOffset: 0, length: 15 };
    heartbeat.stream.qos.bitrate = 2_500_000;
    heartbeat.stream.chapter = { id: 'abc_2', sid: 's-2', name: 'Part', position: 2, length: 300, offset: 120 };
    heartbeat.customerIds = { idUsuari: { id: 'u-1', authState: 1 } };
    const decoded = decodeHeartbeatQuery(encodeHeartbeatQuery(heartbeat));
    expect(decoded).toEqual({ ok: true, value: heartbeat });
  });

  it.each([
    ['no event type', 's:event:sid=1&l:event:ts=1&s:asset:type=main&s:asset:video_id=v', heartbeatReasons.missingHeartbeatKey('s:event:type')],
    ['an unknown event type', 's:event:type=stop&s:event:sid=1&l:event:ts=1&s:asset:type=main&s:asset:video_id=v', heartbeatReasons.unknownHeartbeatEventType('stop')],
    ['an unknown asset type', 's:event:type=play&s:event:sid=1&l:event:ts=1&s:asset:type=pod&s:asset:video_id=v', heartbeatReasons.unknownHeartbeatAssetType('pod')],
    ['no session id', 's:event:type=play&l:event:ts=1&s:asset:type=main&s:asset:video_id=v', heartbeatReasons.missingHeartbeatKey('s:event:sid')],
    ['no timestamp', 's:event:type=play&s:event:sid=1&s:asset:type=main&s:asset:video_id=v', heartbeatReasons.missingHeartbeatKey('l:event:ts')],
    ['a fractional long', 's:event:type=play&s:event:sid=1&l:event:ts=1.5&s:asset:type=main&s:asset:video_id=v', heartbeatReasons.malformedHeartbeatLong('l:event:ts', '1.5')],
    ['a key twice', 's:event:type=play&s:event:type=pause', heartbeatReasons.duplicateHeartbeatKey('s:event:type')],
    ['a bad boolean', 's:event:type=play&s:event:sid=1&l:event:ts=1&s:asset:type=main&s:asset:video_id=v&h:sc:ssl=yes', heartbeatReasons.malformedHeartbeatBoolean('h:sc:ssl', 'yes')],
  ])('refuses a heartbeat with %s', (_name, query, reason) => {
    expect(decodeHeartbeatQuery(query)).toEqual({ ok: false, reason });
  });

  it("ignores the commercial library's keys it does not define", () => {
    const decoded = decodeHeartbeatQuery('s:event:type=play&s:event:sid=1&l:event:ts=1&s:asset:type=main&s:asset:video_id=v&s:aam:blob=x&l:aam:loc_hint=6');
    expect(decoded.ok).toBe(true);
  });
});
