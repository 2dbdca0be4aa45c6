import { describe, expect, it } from 'vitest';
import {
  HEARTBEAT_API_LEVEL,
  HEARTBEAT_LIBRARY_VERSION,
  MAX_TC_STRING_CHARS,
  decodeBeaconQuery,
  decodeHeartbeatQuery,
  encodeBeaconQuery,
  encodeHeartbeatQuery,
  type Heartbeat,
} from '@mesura/protocol';
import { makeHit, validQueryWith } from '@mesura/test-utils';

const TC_STRING = 'CQA1bcAQA1bcAP_AAAENAAAAAAAAAAAAAAAAAAAA.IAAA';

function heartbeat(consent?: Heartbeat['consent']): Heartbeat {
  return {
    analytics: { ssl: true },
    serviceProvider: { playerName: 'html5', libraryVersion: HEARTBEAT_LIBRARY_VERSION, apiLevel: HEARTBEAT_API_LEVEL },
    event: { sessionId: 's1', type: 'play', duration: 10_000, playhead: 42, ts: 1_767_225_610_000, prevTs: -1 },
    asset: { type: 'main', videoId: 'vid-1', publisher: 'org-1', length: 600 },
    stream: { type: 'vod', qos: { bitrate: 0, fps: 0, droppedFrames: 0, startupTimeMs: 0 } },
    meta: {},
    ...(consent && { consent }),
  };
}

describe('the TCF signal on beacons (gdpr, gdpr_consent)', () => {
  it('writes gdpr=1 and the TC string before AQE, and reads them back', () => {
    const query = encodeBeaconQuery(makeHit({ consent: { gdprApplies: true, tcString: TC_STRING } }), 'page_view');
    expect(query).toMatch(new RegExp(`&gdpr=1&gdpr_consent=${TC_STRING.replace('.', '\\.')}&AQE=1$`));
    const decoded = decodeBeaconQuery(query);
    expect(decoded.ok && decoded.value.hit.consent).toEqual({ gdprApplies: true, tcString: TC_STRING });
  });

  it('writes gdpr=0 alone where the GDPR does not apply', () => {
    const query = encodeBeaconQuery(makeHit({ consent: { gdprApplies: false } }), 'page_view');
    expect(query).toContain('&gdpr=0&AQE=1');
    expect(query).not.toContain('gdpr_consent');
    const decoded = decodeBeaconQuery(query);
    expect(decoded.ok && decoded.value.hit.consent).toEqual({ gdprApplies: false });
  });

  it('reads no signal from a beacon without the parameters (the commercial libraries)', () => {
    const decoded = decodeBeaconQuery(encodeBeaconQuery(makeHit(), 'page_view'));
    expect(decoded.ok && 'consent' in decoded.value.hit).toBe(false);
  });

  it('takes a gdpr_consent without gdpr as a signal that applies', () => {
    const decoded = decodeBeaconQuery(validQueryWith(`gdpr_consent=${TC_STRING}`));
    expect(decoded.ok && decoded.value.hit.consent).toEqual({ gdprApplies: true, tcString: TC_STRING });
  });

  it('refuses a gdpr other than 0 or 1, and an oversized TC string, with their reasons', () => {
    expect(decodeBeaconQuery(validQueryWith('gdpr=yes'))).toEqual({ ok: false, reason: 'malformed gdpr: expected 0 or 1' });
    const long = 'C'.repeat(MAX_TC_STRING_CHARS + 1);
    expect(decodeBeaconQuery(validQueryWith(`gdpr=1&gdpr_consent=${long}`))).toEqual({
      ok: false,
      reason: `oversized gdpr_consent: ${MAX_TC_STRING_CHARS + 1} characters, at most ${MAX_TC_STRING_CHARS}`,
    });
  });
});

describe('the TCF signal on heartbeats', () => {
  it('writes gdpr and gdpr_consent after the metadata and reads them back', () => {
    const query = encodeHeartbeatQuery(heartbeat({ gdprApplies: true, tcString: TC_STRING }));
    expect(query.endsWith(`&gdpr=1&gdpr_consent=${TC_STRING}`)).toBe(true);
    const decoded = decodeHeartbeatQuery(query);
    expect(decoded.ok && decoded.value.consent).toEqual({ gdprApplies: true, tcString: TC_STRING });
  });

  it('reads no signal from a heartbeat without it, and refuses a malformed gdpr', () => {
    const plain = decodeHeartbeatQuery(encodeHeartbeatQuery(heartbeat()));
    expect(plain.ok && 'consent' in plain.value).toBe(false);
    expect(decodeHeartbeatQuery(`${encodeHeartbeatQuery(heartbeat())}&gdpr=2`)).toEqual({ ok: false, reason: 'malformed gdpr: expected 0 or 1' });
  });
});
