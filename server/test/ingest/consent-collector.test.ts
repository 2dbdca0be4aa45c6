import { afterEach, describe, expect, it } from 'vitest';
import { PURPOSE_MEASURE_CONTENT, PURPOSE_STORE_ACCESS, VENDOR_IDS } from '@mesura/consent';
import { HEARTBEAT_API_LEVEL, HEARTBEAT_LIBRARY_VERSION, encodeHeartbeatQuery, type Heartbeat, type TcfSignal } from '@mesura/protocol';
import { storedHeartbeats } from '../helpers/stored-heartbeats.js';
import { tcString } from '../helpers/tc-strings.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const RECEIVED_AT = Date.UTC(2026, 10, 23, 10, 0, 0);
const DAY = '2026-11-23';
const WEB_ANALYTICS = VENDOR_IDS['web-analytics'];
const VIDEO_ANALYTICS = VENDOR_IDS['video-analytics'];
const ALL_PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

const granting = (vendors: number[]): TcfSignal => ({ gdprApplies: true, tcString: tcString({ purposes: ALL_PURPOSES, vendors }, RECEIVED_AT) });
const REFUSING_ALL: TcfSignal = { gdprApplies: true, tcString: tcString({ purposes: [], vendors: [] }, RECEIVED_AT) };

let t: TestServer;

afterEach(async () => {
  await t.dispose();
});

async function start(env: Record<string, string> = {}): Promise<void> {
  t = await startTestServer(env, () => RECEIVED_AT);
}

async function send(consent: TcfSignal | undefined, hitType: 'page_view' | 'link_o' = 'page_view'): Promise<number> {
  const hit = testHit(consent === undefined ? {} : { consent });
  const response = await t.server.app.inject({ url: beaconUrl(hit, hitType), headers: { 'user-agent': BROWSER_UA } });
  return response.statusCode;
}

async function exported(): Promise<Record<string, unknown>[]> {
  const response = await t.server.app.inject({ url: `/api/export/events?from=${DAY}&to=${DAY}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.body) as Record<string, unknown>[];
}

async function refusals(): Promise<{ reason: string; hits: number }[]> {
  const response = await t.server.app.inject({ url: `/api/reports/refusals?from=${DAY}&to=${DAY}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body) as { rows: { reason: string; hits: number }[] }).rows.map(({ reason, hits }) => ({ reason, hits }));
}

describe('the collector checks the TCF signal of each hit (gdpr, gdpr_consent)', () => {
  it('answers a hit whose TC string refuses everything, stores nothing and counts it as consent-purpose', async () => {
    await start();
    expect(await send(REFUSING_ALL)).toBe(200);
    expect(await exported()).toEqual([]);
    expect(await refusals()).toEqual([{ reason: 'consent-purpose', hits: 1 }]);
  });

  it('stores a hit whose TC string grants its purposes and vendor, marked granted', async () => {
    await start();
    expect(await send(granting([WEB_ANALYTICS]))).toBe(200);
    const rows = await exported();
    expect(rows.map((row) => row.consent)).toEqual(['granted']);
    expect(await refusals()).toEqual([]);
  });

  it('refuses a page view without purpose 8 but stores a link with purposes 1 only, as the SDK sends them', async () => {
    await start();
    const purposeOneOnly: TcfSignal = { gdprApplies: true, tcString: tcString({ purposes: [PURPOSE_STORE_ACCESS], vendors: [WEB_ANALYTICS] }, RECEIVED_AT) };
    expect(await send(purposeOneOnly, 'page_view')).toBe(200);
    expect(await send(purposeOneOnly, 'link_o')).toBe(200);
    expect((await exported()).map((row) => row.hit_type)).toEqual(['link_o']);
    expect(await refusals()).toEqual([{ reason: 'consent-purpose', hits: 1 }]);
  });

  it('refuses for the vendor when the purposes have consent but web-analytics does not', async () => {
    await start();
    expect(await send(granting([VIDEO_ANALYTICS]))).toBe(200);
    const purposesOnly = tcString({ purposes: [PURPOSE_STORE_ACCESS, PURPOSE_MEASURE_CONTENT], vendors: [] }, RECEIVED_AT);
    expect(await send({ gdprApplies: true, tcString: purposesOnly })).toBe(200);
    expect(await exported()).toEqual([]);
    expect(await refusals()).toEqual([{ reason: 'consent-vendor', hits: 2 }]);
  });

  it('refuses a string that holds no choice as consent-invalid, and gdpr=1 without one as consent-missing', async () => {
    await start();
    expect(await send({ gdprApplies: true, tcString: 'not-a-tc-string' })).toBe(200);
    const expired = tcString({ purposes: ALL_PURPOSES, vendors: [WEB_ANALYTICS] }, RECEIVED_AT - 400 * 86_400_000);
    expect(await send({ gdprApplies: true, tcString: expired })).toBe(200);
    expect(await send({ gdprApplies: true })).toBe(200);
    expect(await exported()).toEqual([]);
    const counted = await refusals();
    expect(counted).toHaveLength(2);
    expect(counted).toEqual(
      expect.arrayContaining([
        { reason: 'consent-invalid', hits: 2 },
        { reason: 'consent-missing', hits: 1 },
      ]),
    );
  });

  it('stores a hit with gdpr=0 as not-applicable', async () => {
    await start();
    await send({ gdprApplies: false });
    expect((await exported()).map((row) => row.consent)).toEqual(['not-applicable']);
  });

  it('stores a hit without any signal as unknown under the default verify policy', async () => {
    await start();
    expect(await send(undefined)).toBe(200);
    expect((await exported()).map((row) => row.consent)).toEqual(['unknown']);
  });

  it('refuses a hit without any signal under MESURA_CONSENT_POLICY=strict, counted as consent-missing', async () => {
    await start({ MESURA_CONSENT_POLICY: 'strict' });
    expect(await send(undefined)).toBe(200);
    expect(await send(granting([WEB_ANALYTICS]))).toBe(200);
    expect((await exported()).map((row) => row.consent)).toEqual(['granted']);
    expect(await refusals()).toEqual([{ reason: 'consent-missing', hits: 1 }]);
  });
});

function heartbeat(sessionId: string, consent: TcfSignal | undefined): Heartbeat {
  return {
    analytics: { reportSuite: 'mesuradev', ssl: false },
    visitorId: '1F65FB944AFA1C05-25FBFAF16BF6E758',
    serviceProvider: { playerName: 'html5', libraryVersion: HEARTBEAT_LIBRARY_VERSION, apiLevel: HEARTBEAT_API_LEVEL },
    event: { sessionId, type: 'start', duration: 0, playhead: 0, ts: RECEIVED_AT, prevTs: -1 },
    asset: { type: 'main', videoId: 'polonia-1', publisher: 'mesura', length: 600 },
    stream: { type: 'vod', qos: { bitrate: 0, fps: 0, droppedFrames: 0, startupTimeMs: 0 } },
    meta: {},
    ...(consent && { consent }),
  };
}

describe('the collector checks the TCF signal of each heartbeat', () => {
  it('stores a heartbeat the video-analytics vendor has consent for, and refuses one that refuses everything', async () => {
    await start();
    // Over the network: heartbeats are answered by the node:http collector, ahead of the framework.
    const origin = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const sent: [string, TcfSignal][] = [
      ['1767225600000111', granting([VIDEO_ANALYTICS])],
      ['1767225600000222', REFUSING_ALL],
      ['1767225600000333', granting([WEB_ANALYTICS])],
    ];
    for (const [sid, consent] of sent) {
      const response = await fetch(`${origin}/hb/?${encodeHeartbeatQuery(heartbeat(sid, consent))}`, { headers: { 'user-agent': BROWSER_UA } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect(await refusals()).toEqual(
      expect.arrayContaining([
        { reason: 'consent-purpose', hits: 1 },
        { reason: 'consent-vendor', hits: 1 },
      ]),
    );
    await t.server.close();
    const rows = await storedHeartbeats(t.dataDir);
    expect(rows.map((row) => [row.session_id, row.consent])).toEqual([['1767225600000111', 'granted']]);
  });
});
