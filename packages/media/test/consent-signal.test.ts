import { describe, expect, it } from 'vitest';
import { decodeBeacon, type TcfSignal } from '@mesura/protocol';
import { replayMediaAnalytics } from '../src/replay/replay-analytics.js';
import { Harness, T0, video } from './helpers/harness.js';

const TC_STRING = 'CQuIxQAQuIxQA__ABACAABFgAIEAAAAAAAAAH0wAQH0gAAAA.YAAAAAAAAAAA';

describe('the TCF signal goes with every heartbeat and start hit (gdpr, gdpr_consent)', () => {
  it('sends the privacy source’s signal, as it is when each heartbeat leaves', async () => {
    let signal: TcfSignal | undefined = { gdprApplies: true, tcString: TC_STRING };
    const h = new Harness({
      deps: { privacy: { status: () => 'opted-in', subscribe: () => () => {}, signal: () => signal } },
    });
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    await h.to(2_000);
    expect(h.heartbeats().length).toBeGreaterThan(0);
    expect(h.heartbeats().map((heartbeat) => heartbeat.consent)).toEqual(h.heartbeats().map(() => ({ gdprApplies: true, tcString: TC_STRING })));
    signal = { gdprApplies: false };
    h.clear();
    await h.to(20_000);
    expect(new Set(h.heartbeats().map((heartbeat) => JSON.stringify(heartbeat.consent)))).toEqual(new Set(['{"gdprApplies":false}']));
  });

  it('sends no signal where the page gives the tracker none', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    await h.to(1_000);
    expect(h.heartbeats().every((heartbeat) => heartbeat.consent === undefined)).toBe(true);
  });

  it('writes the signal on the media start hit', () => {
    const urls: string[] = [];
    const analytics = replayMediaAnalytics({
      reportSuites: 'rsid.test',
      trackingServer: 'metrics.example.cat',
      transport: { send: (url) => void urls.push(url) },
      visitorId: () => 'V',
      now: () => T0,
      random: () => 0.5,
      consent: () => ({ gdprApplies: true, tcString: TC_STRING }),
    });
    analytics.mediaStart({ sessionId: 's1', mediaId: 'vid-1', name: 'Vídeo', length: 600, mediaType: 'video', streamType: 'vod', playerName: 'html5', metadata: {} });
    const url = new URL(urls[0]!);
    const decoded = decodeBeacon(url.pathname, url.search.slice(1));
    expect(decoded.ok && decoded.value.hit.consent).toEqual({ gdprApplies: true, tcString: TC_STRING });
  });
});
